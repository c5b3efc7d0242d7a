import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, makeFindable, newAccount, type Account } from '../support/accounts';
import { expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey, JourneyContext } from '../support/harness';
import { trackSockets } from '../support/chat';
import { signIn } from '../support/ui';

async function openMail(ctx: JourneyContext, account: Account): Promise<Page> {
  const page = await ctx.newPage();
  await page.addInitScript(trackSockets);
  await signIn(page, account);
  await page.goto('/app/email');
  await expectPath(page, '/app/email/inbox');
  await expectVisible(
    page.locator('[data-testid="online-indicator"][data-realtime="open"]'),
    'realtime connected',
  );
  return page;
}

const rows = (page: Page) => page.getByTestId('mail-row');

export const emailJourneys: Journey[] = [
  {
    name: 'email: compose with autocomplete, live arrival, read, star, reply in thread, archive, trash and restore, attachment',
    async run(ctx) {
      const [a, b] = (await Promise.all(
        ['mail-a', 'mail-b'].map((l) => createVerifiedAccount(ctx.baseUrl, newAccount(l))),
      )) as [Account, Account];
      // B lets people find them by name, so A's 'To' suggests B (decision 045).
      await makeFindable(ctx.baseUrl, b);
      const pageA = await openMail(ctx, a);
      const pageB = await openMail(ctx, b);
      await expectVisible(pageB.getByText('No emails yet'), 'an empty inbox');
      await ctx.checkA11y(pageB, 'empty inbox');

      // A composes from the palette target: the recipient is found by name.
      await pageA.goto('/unified/email?compose=true');
      await expectPath(pageA, '/app/email/compose');
      const to = pageA.getByRole('combobox', { name: 'To' });
      await to.pressSequentially(b.fullName.slice(0, 8));
      // The suggestions cover what lies under them ("Add Cc" used to show through).
      const suggestions = pageA.getByRole('listbox');
      await expectVisible(suggestions.getByRole('option').filter({ hasText: b.email }), 'B');
      const addCc = await pageA.getByRole('button', { name: 'Add Cc' }).boundingBox();
      assert.ok(addCc);
      const covered = await suggestions.evaluate(
        (list, point) => {
          const top = document.elementFromPoint(point.x, point.y);
          return (
            list.contains(top) && getComputedStyle(list).backgroundColor !== 'rgba(0, 0, 0, 0)'
          );
        },
        { x: addCc.x + addCc.width / 2, y: addCc.y + addCc.height / 2 },
      );
      assert.ok(covered, 'the suggestions are opaque and above "Add Cc"');
      await pageA.getByRole('option').filter({ hasText: b.email }).click();
      await expectVisible(pageA.getByText(b.email), 'the recipient chip');
      await pageA.getByLabel('Subject').fill('Weekly letter');
      await pageA
        .getByLabel('Message', { exact: true })
        .fill('Dear B,\nthe notes are at https://example.org/notes\nA');
      await pageA.getByLabel('Attach files').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('plain notes for B\n'),
      });
      await expectVisible(
        pageA.getByRole('list', { name: 'Attachments' }).getByText('notes.txt'),
        'attached',
      );
      await ctx.checkA11y(pageA, 'compose');
      await pageA.getByRole('button', { name: 'Send', exact: true }).click();
      await expectPath(pageA, '/app/email/sent');
      await expectVisible(rows(pageA).filter({ hasText: 'Weekly letter' }), 'in sent');

      // B sees it arrive live, unread, with the inbox count.
      const row = rows(pageB).filter({ hasText: 'Weekly letter' });
      await expectVisible(row, 'the new mail on B');
      assert.equal(await row.getAttribute('data-unread'), 'true');
      await expectVisible(pageB.getByRole('button', { name: /Inbox\s*1 unread/ }), 'inbox count 1');
      const sidebarUnread = pageB
        .getByRole('navigation', { name: 'Main' })
        .getByTestId('email-unread');
      await expectVisible(sidebarUnread.filter({ hasText: '1 unread' }), 'the sidebar’s unread 1');
      await ctx.checkA11y(pageB, 'inbox');

      // Opening marks it read; the link is a link; the attachment downloads.
      await row.getByRole('button', { name: /Weekly letter/ }).click();
      const reader = pageB.getByRole('article', { name: 'Message' });
      await expectVisible(reader.getByRole('link', { name: 'https://example.org/notes' }), 'link');
      await pageB.getByRole('button', { name: /Inbox\s*1 unread/ }).waitFor({ state: 'detached' });
      await sidebarUnread.waitFor({ state: 'detached' });
      const href = await reader.getByRole('link', { name: 'notes.txt' }).getAttribute('href');
      assert.ok(href);
      const download = await pageB.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, text: await response.text() };
      }, href);
      assert.deepEqual(download, { status: 200, text: 'plain notes for B\n' });
      await ctx.checkA11y(pageB, 'reader');

      // Star, then reply: the reply lands in A's thread.
      await reader.getByRole('button', { name: 'Star' }).click();
      await expectVisible(reader.getByRole('button', { name: 'Starred' }), 'starred');
      await pageB.keyboard.press('r');
      await expectPath(pageB, /\/app\/email\/compose\?draft=/);
      await expectVisible(pageB.getByText(a.email), 'reply goes to A');
      assert.equal(await pageB.getByLabel('Subject').inputValue(), 'Re: Weekly letter');
      const box = pageB.getByLabel('Message', { exact: true });
      await box.press('Control+Home');
      await box.pressSequentially('Thank you!');
      // Once sent, the draft is not asked for again (it used to answer 404; issue 25).
      const draftMisses: string[] = [];
      pageB.on('response', (r) => {
        if (r.status() === 404 && r.url().includes('/api/email/drafts/')) draftMisses.push(r.url());
      });
      await pageB.getByRole('button', { name: 'Send', exact: true }).click();
      await expectPath(pageB, '/app/email/sent');
      await expectVisible(rows(pageB).filter({ hasText: 'Re: Weekly letter' }), 'the sent reply');
      assert.deepEqual(draftMisses, [], 'no request for the sent draft');

      await pageA.goto('/app/email/inbox');
      const replyRow = rows(pageA).filter({ hasText: 'Re: Weekly letter' });
      await replyRow.getByRole('button', { name: /Re: Weekly letter/ }).click();
      const thread = pageA.getByTestId('thread-message');
      await expectVisible(thread.filter({ hasText: 'Thank you!' }), 'the reply');
      assert.equal(await thread.count(), 2);

      // Shortcuts: e archives the open message, j opens the first of a list, c composes.
      await pageA.keyboard.press('e');
      await thread.first().waitFor({ state: 'detached' });
      await pageA
        .getByRole('navigation', { name: 'Mail folders' })
        .getByRole('button', { name: /Archive/ })
        .click();
      await expectPath(pageA, '/app/email/archive');
      await expectVisible(rows(pageA).filter({ hasText: 'Re: Weekly letter' }), 'archived by e');
      await pageA.keyboard.press('j');
      await expectVisible(thread.filter({ hasText: 'Thank you!' }), 'opened by j');
      await pageA.keyboard.press('c');
      await expectPath(pageA, '/app/email/compose');

      // B archives the original, deletes it, finds it in the trash and restores it.
      await pageB.goto('/app/email/inbox');
      await rows(pageB).filter({ hasText: 'Weekly letter' }).getByRole('checkbox').check();
      await pageB
        .getByRole('toolbar', { name: 'Selected messages' })
        .getByRole('button', { name: 'Archive' })
        .click();
      await rows(pageB).filter({ hasText: 'Weekly letter' }).waitFor({ state: 'detached' });
      await pageB
        .getByRole('button', { name: /^Archive/ })
        .first()
        .click();
      await expectPath(pageB, '/app/email/archive');
      await rows(pageB)
        .filter({ hasText: 'Weekly letter' })
        .getByRole('button', { name: /Weekly letter/ })
        .click();
      // The reader is open (its toolbar shows) before the shortcut acts on it.
      await expectVisible(pageB.getByRole('button', { name: 'Delete', exact: true }), 'the reader');
      await pageB.keyboard.press('#');
      // Trashed on the server once the reader closes.
      await pageB
        .getByRole('button', { name: 'Delete', exact: true })
        .waitFor({ state: 'detached' });
      // It says where the message went, and offers to take it back.
      await expectToast(pageB, 'Moved to Trash');
      await expectVisible(pageB.getByRole('button', { name: 'Undo' }), 'an undo');
      await pageB
        .getByRole('navigation', { name: 'Mail folders' })
        .getByRole('button', { name: /Trash/ })
        .click();
      await expectPath(pageB, '/app/email/trash');
      const trashed = rows(pageB).filter({ hasText: 'Weekly letter' });
      await trashed.getByRole('checkbox').check();
      await pageB
        .getByRole('toolbar', { name: 'Selected messages' })
        .getByRole('button', { name: 'Restore' })
        .click();
      await trashed.waitFor({ state: 'detached' });
      await pageB
        .getByRole('navigation', { name: 'Mail folders' })
        .getByRole('button', { name: /Archive/ })
        .click();
      await expectVisible(rows(pageB).filter({ hasText: 'Weekly letter' }), 'restored to archive');
    },
  },
];
