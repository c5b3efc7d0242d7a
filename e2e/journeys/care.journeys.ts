import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { DIRECTORY_MESSAGES } from '@kaleido/shared/users/directory.schemas';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { roleAccount } from '../support/roles';
import { signIn } from '../support/ui';

/** A same-origin API call from the page, with the session's anti-forgery token. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ([m, p, b]) => {
      const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const response = await fetch(p, {
        method: m,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return response.status;
    },
    [method, path, body] as const,
  );
}

/** The same call, answering the JSON body (asserting the status). */
async function apiJson<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const [status, json] = await page.evaluate(
    async ([m, p, b]) => {
      const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const response = await fetch(p, {
        method: m,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return [response.status, (await response.json()) as unknown] as const;
    },
    [method, path, body] as const,
  );
  assert.ok(status < 300, `${method} ${path} → ${status} ${JSON.stringify(json)}`);
  return json as T;
}

/** The invitation the signed-in page's person is waiting to answer (a job delivers it). */
async function awaitInvitation(page: Page): Promise<{ id: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { relationships } = await apiJson<{
      relationships: { id: string; awaitingMe: boolean }[];
    }>(page, 'GET', '/api/care/relationships');
    const waiting = relationships.find((r) => r.awaitingMe);
    if (waiting) return waiting;
    await page.waitForTimeout(100);
  }
  throw new Error('no invitation arrived');
}

/** Clicks a consent checkbox and waits for the server's answer to show (it is not optimistic). */
async function toggle(box: ReturnType<Page['getByLabel']>, want: boolean) {
  await box.click();
  for (let i = 0; i < 100 && (await box.isChecked()) !== want; i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.equal(await box.isChecked(), want, 'consent saved');
}

export const careJourneys: Journey[] = [
  {
    name: 'care: invite and accept, share mood only, share one entry, revoke live, access log, notes, report',
    holds: ['client'],
    unavailableBecause: () =>
      Promise.resolve(roleAccount('client') ? null : 'no client account: CLI user:create failed'),
    async run(ctx) {
      const client = roleAccount('client');
      assert.ok(client);
      const person = await createVerifiedAccount(ctx.baseUrl, newAccount('care-person'));

      // The professional confirms the ethical-use statement and invites the person.
      const pro = await ctx.newPage();
      await signIn(pro, { email: client.email, password: client.password });
      await pro.goto('/client');
      const confirm = pro.getByRole('button', { name: 'I confirm' });
      // Shown once the dashboard has loaded, until confirmed (the account may have done it).
      await confirm.waitFor({ timeout: 5_000 }).catch(() => undefined);
      if (await confirm.isVisible()) {
        await confirm.click();
        await confirm.waitFor({ state: 'detached' });
      }
      // Requests have a page of their own in the client interface (issue 25 item 1).
      await pro
        .getByRole('navigation', { name: 'Client Interface' })
        .getByRole('link', { name: 'Requests' })
        .click();
      await pro.getByLabel('Invite a person by email').fill(person.email);
      await pro.getByRole('button', { name: 'Invite' }).click();
      // One sentence whether or not someone uses the address (decision 045).
      await expectVisible(pro.getByText(DIRECTORY_MESSAGES.invitationSent), 'invitation sent');

      // The person writes two entries (one private), accepts, and shares their mood only.
      const me = await ctx.newPage();
      await signIn(me, person);
      for (const [title, mood] of [
        ['Rough morning', 'sad'],
        ['Shared reflection', 'happy'],
      ] as const)
        assert.equal(
          await api(me, 'POST', '/api/journal/entries', { title, content: `${title}.`, mood }),
          201,
        );
      // The invitation reaches them: a notification in the bell, and Accept on the dashboard.
      await me.goto('/app/dashboard');
      await me.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
      await expectVisible(
        me.getByRole('button', { name: /Invitation from .+ invited you to work together/ }),
        'the invitation in the bell',
      );
      await me.keyboard.press('Escape');
      const invitation = me.getByRole('article', { name: /^Invitation from / });
      await expectVisible(
        invitation.getByText(/invited you to work together as your professional\.$/),
        'the invitation on the dashboard',
      );
      await invitation.getByRole('button', { name: 'Accept' }).click();
      await invitation.waitFor({ state: 'detached' });
      await me.goto('/app/settings');
      await me.getByRole('tab', { name: 'Privacy' }).click();
      const master = me.getByRole('switch', { name: 'Share Insights with Clients' });
      const sharingOff = me.getByText(/“Share Insights with Clients” is off: nothing is shared/);
      await expectVisible(sharingOff, 'the warning while the switch is off');
      await master.click();
      await expectVisible(me.locator('[role="switch"][aria-checked="true"]').first(), 'master on');
      // The card follows the switch without a reload (issue 25).
      await sharingOff.waitFor({ state: 'detached' });
      await toggle(me.getByLabel(/Share mood and insight summaries with/), true);

      // The professional sees the trend, and not the entries.
      await pro.goto('/client');
      const link = pro.getByRole('link', { name: person.fullName });
      await link.click();
      await expectVisible(pro.getByRole('heading', { name: 'Mood trend' }), 'mood trend');
      await expectVisible(
        pro.getByText(`${person.fullName} does not share journal entries with you.`),
        'entries not shared',
      );
      assert.equal(await pro.getByText('Rough morning').count(), 0, 'no entry text');
      // Their profile (SPEC §6) and insights (scope and master switch on), and contact links.
      await expectVisible(pro.getByRole('heading', { name: 'Profile' }), 'profile');
      await expectVisible(pro.getByRole('heading', { name: 'Insights' }), 'insights');
      // About the person, not to them (issue 25): "How their words feel", never "your".
      await expectVisible(
        pro.getByRole('heading', { name: 'How their words feel' }),
        'a card titled about the person',
      );
      for (const text of await pro.locator('[data-insight]').allTextContents())
        assert.doesNotMatch(text, /\byour?\b/i, 'the professional reads about the person');
      const contact = pro.getByRole('navigation', { name: `Contact ${person.fullName}` });
      assert.equal(
        await contact.getByRole('link', { name: `Email ${person.fullName}` }).getAttribute('href'),
        `/app/email/compose?to=${encodeURIComponent(person.email)}`,
      );
      assert.match(
        (await contact
          .getByRole('link', { name: `Chat with ${person.fullName}` })
          .getAttribute('href')) ?? '',
        /^\/app\/chat\/new\?with=[0-9a-f-]{36}$/,
      );

      // The person shares one entry and the scope; the professional sees exactly that entry.
      const entries = await me.evaluate(async () => {
        const r = await fetch('/api/journal/entries');
        return (await r.json()) as { entries: { id: string; title: string }[] };
      });
      const shared = entries.entries.find((e) => e.title === 'Shared reflection');
      assert.ok(shared);
      assert.equal(
        await api(me, 'PATCH', `/api/journal/entries/${shared.id}`, {
          privacyLevel: 'shared_with_clients',
        }),
        200,
      );
      await toggle(me.getByLabel(/Share journal entries marked/), true);
      await expectVisible(pro.getByRole('heading', { name: 'Shared reflection' }), 'shared entry');
      assert.equal(await pro.getByText('Rough morning').count(), 0, 'private entry hidden');

      // The person revokes: the professional's open page loses the entry live.
      await toggle(me.getByLabel(/Share journal entries marked/), false);
      await pro
        .getByRole('heading', { name: 'Shared reflection' })
        .waitFor({ state: 'detached', timeout: 10_000 });
      await expectVisible(pro.getByText(/does not share journal entries/), 'not shared again');

      // The access log says who read what.
      await me.reload();
      await me.getByRole('tab', { name: 'Privacy' }).click();
      const log = me.getByRole('list', { name: 'Access log' });
      await expectVisible(log.getByText(/viewed your mood trend, 2 entries, on/).first(), 'log');
      await expectVisible(
        log.getByText(/viewed your shared journal entries, 1 entry, on/).first(),
        'entries log',
      );
      // The professional keeps a private note, edits it, and deletes it (asked first).
      await pro.getByLabel('New note').fill('Ask about the walk');
      await pro.getByRole('button', { name: 'Add note' }).click();
      const notes = pro.getByRole('list', { name: 'Notes' });
      await expectVisible(notes.getByText('Ask about the walk'), 'note added');
      await notes.getByRole('button', { name: 'Edit' }).click();
      await notes.getByLabel('Edit note').fill('Ask about the long walk');
      await notes.getByRole('button', { name: 'Save' }).click();
      await expectVisible(notes.getByText('Ask about the long walk'), 'note edited');
      await ctx.checkA11y(me, 'privacy tab with care');
      await ctx.checkA11y(pro, 'client person page');
      await notes.getByRole('button', { name: 'Delete' }).click();
      await notes.getByRole('button', { name: 'Delete note' }).click();
      await notes.getByText('Ask about the long walk').waitFor({ state: 'detached' });

      // A report from Settings → Professional: only what is shared now (mood), as a PDF.
      await pro.goto('/app/settings');
      await pro.getByRole('tab', { name: 'Professional' }).click();
      await pro.getByLabel('Person', { exact: true }).selectOption({ label: person.fullName });
      const [download] = await Promise.all([
        pro.waitForEvent('download'),
        pro.getByRole('link', { name: 'Download report (PDF)' }).click(),
      ]);
      const report = execFileSync('pdftotext', [await download.path(), '-'], {
        encoding: 'utf8',
      });
      assert.match(report, new RegExp(`Report: ${person.fullName}`));
      assert.match(report, /Moods recorded: 2/);
      assert.match(report, /Not shared \(not in this report\): Journal entries/);
      assert.doesNotMatch(report, /Shared reflection|Rough morning|long walk/);

      // The person sees the report in the access log.
      await me.reload();
      await me.getByRole('tab', { name: 'Privacy' }).click();
      await expectVisible(
        me
          .getByRole('list', { name: 'Access log' })
          .getByText(/viewed a report of your shared data, 2 items, on/),
        'report in the access log',
      );

      // Ending it asks first, naming whom and saying what stops being shared.
      await me.getByRole('button', { name: /^End relationship with / }).click();
      const ending = me.getByRole('dialog', { name: /^End relationship with .+\?$/ });
      await expectVisible(
        ending.getByText(/will stop seeing your mood and insight summaries at once\./),
        'what stops being shared',
      );
      await ending.getByRole('button', { name: 'End relationship' }).click();
      await expectVisible(
        me.getByText('You are not working with a professional.'),
        'the relationship ended',
      );
    },
  },
  {
    name: 'care: the person pages through a long access log, filters it, and reads the consent history',
    holds: ['client'],
    unavailableBecause: () =>
      Promise.resolve(roleAccount('client') ? null : 'no client account: CLI user:create failed'),
    async run(ctx) {
      const client = roleAccount('client');
      assert.ok(client);
      const person = await createVerifiedAccount(ctx.baseUrl, newAccount('care-pages'));
      const pro = await ctx.newPage();
      await signIn(pro, { email: client.email, password: client.password });
      await apiJson(pro, 'POST', '/api/care/ethical-use', {});
      await apiJson(pro, 'POST', '/api/care/relationships', {
        email: person.email,
        as: 'professional',
      });
      const me = await ctx.newPage();
      await signIn(me, person);
      // The inviter is not told the invitation's id; the invited side's list has it.
      const invited = await awaitInvitation(me);
      await apiJson(me, 'POST', `/api/care/relationships/${invited.id}/accept`, {});
      await apiJson(me, 'PATCH', '/api/settings/privacy_settings', {
        insights_visible_to_clients: true,
      });
      await apiJson(me, 'PUT', `/api/care/relationships/${invited.id}/consents/mood_and_insights`, {
        granted: true,
      });
      const { id: personId } = await apiJson<{ user: { id: string } }>(
        me,
        'GET',
        '/api/session',
      ).then((s) => s.user);

      // 30 moods, each read once as it comes: 30 reads of different sizes (30 log lines; the
      // page shows 25 at a time).
      for (let i = 1; i <= 30; i++) {
        await apiJson(me, 'POST', '/api/journal/entries', {
          title: `Day ${i}`,
          content: `Day ${i}.`,
          mood: 'happy',
        });
        await apiJson(pro, 'GET', `/api/care/people/${personId}/mood`);
      }

      await me.goto('/app/settings');
      await me.getByRole('tab', { name: 'Privacy' }).click();
      const log = me.getByRole('list', { name: 'Access log' });
      await expectVisible(log.getByText(/viewed your mood trend, 30 entries, on/), 'newest read');
      assert.equal(await log.getByRole('listitem').count(), 25, 'first page');
      await me.getByRole('button', { name: 'Load more of the access log' }).click();
      await expectVisible(log.getByText(/viewed your mood trend, 1 entry, on/), 'oldest read');
      assert.equal(await log.getByRole('listitem').count(), 30, 'every read');
      assert.equal(
        await me.getByRole('button', { name: 'Load more of the access log' }).count(),
        0,
        'no more pages',
      );

      // Filters: by what, and a period with no read in it.
      const filters = me.getByRole('group', { name: 'Filter the access log' });
      await filters.getByLabel('What').selectOption({ label: 'Your profile' });
      await expectVisible(
        me.getByText('No professional viewed your data in this selection.'),
        'nothing of that kind',
      );
      await filters.getByLabel('What').selectOption({ label: 'Your mood trend' });
      await expectVisible(log.getByText(/30 entries/), 'mood reads again');
      await filters.getByLabel('To').fill('2001-01-01');
      await expectVisible(
        me.getByText('No professional viewed your data in this selection.'),
        'nothing that long ago',
      );
      await filters.getByLabel('To').fill('');
      await filters.getByLabel('Professional').selectOption({ index: 1 });
      await expectVisible(log.getByText(/30 entries/), 'by professional');

      // The consent history names every step.
      const history = me.getByRole('list', { name: 'Consent history' });
      for (const step of [
        /: invitation sent, on /,
        /: invitation accepted, on /,
        /: Mood and insight summaries shared, on /,
      ])
        await expectVisible(history.getByText(step), `consent history ${String(step)}`);
      await ctx.checkA11y(me, 'privacy tab with a long access log');
    },
  },
];
