import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { roleAccount, selectInterface } from '../support/roles';
import { signIn } from '../support/ui';

const needsAdmin = () =>
  Promise.resolve(roleAccount('admin') ? null : 'no admin account: CLI user:create failed');

/** The CLI's admin, signed in and in the admin interface, on the console's overview. */
async function openConsole(page: Page): Promise<void> {
  const admin = roleAccount('admin');
  assert.ok(admin);
  await signIn(page, admin, /^\/(admin|client|app|interface-selection)/);
  await selectInterface(page, 'admin');
  await page.goto('/admin');
  await expectVisible(page.getByRole('navigation', { name: 'Admin console' }), 'console nav');
  await expectVisible(page.getByLabel('Instance overview').getByText('Total users'), 'overview');
}

/** Finds a person in Users by email and opens their admin view. */
async function openPerson(page: Page, email: string, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expectPath(page, '/admin/users');
  await page.getByRole('searchbox').fill(email);
  const link = page.getByRole('link', { name });
  await expectVisible(link, 'the person in the list');
  await link.click();
  await expectVisible(page.getByLabel('Account facts').getByText(email), 'the admin view');
}

/** Confirms a destructive console action in its dialog. */
async function confirm(page: Page, trigger: string, title: RegExp, confirmLabel: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expectVisible(dialog, `the '${trigger}' confirmation`);
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Sets a console toggle and waits for the server's answer to show (it is not optimistic). */
async function setToggle(box: Locator, want: boolean): Promise<void> {
  for (let i = 0; i < 100 && (await box.isDisabled()); i++)
    await new Promise((r) => setTimeout(r, 100));
  if ((await box.isChecked()) !== want) await box.click();
  for (let i = 0; i < 100 && ((await box.isChecked()) !== want || (await box.isDisabled())); i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.equal(await box.isChecked(), want, 'toggle saved');
}

export const adminJourneys: Journey[] = [
  {
    name: 'admin: change a role (their interface changes), disable (they are signed out and refused)',
    holds: ['admin'],
    unavailableBecause: needsAdmin,
    async run({ newPage, baseUrl, checkA11y }) {
      const person = await createVerifiedAccount(baseUrl, newAccount('admin-target'));
      const them = await newPage();
      await signIn(them, person);
      // A user has no professional interface: /client moves them to their own.
      await them.goto('/client');
      await expectPath(them, '/app/dashboard');

      const page = await newPage();
      await openConsole(page);
      await checkA11y(page, 'admin overview');
      await openPerson(page, person.email, person.fullName);
      await checkA11y(page, 'admin view of a person');
      await page.getByLabel('Role').selectOption('client');
      await confirm(page, 'Change role', /role to client/, 'Change role');
      await expectToast(page, 'Role changed to client');
      await expectVisible(page.getByLabel('Account facts').getByText('client'), 'the new role');

      // Their interface follows: now /client is theirs.
      await them.goto('/client');
      await expectPath(them, '/client');
      await expectVisible(them.getByRole('heading', { name: 'Client Interface' }), '/client');

      // Disabled: their open page is signed out, and signing in is refused with a clear message.
      await confirm(page, 'Disable account', /^Disable /, 'Disable');
      await expectToast(page, 'Account disabled and signed out');
      await expectPath(them, /^\/(auth|login)/);
      await them.goto('/login');
      await them.getByLabel('Email', { exact: true }).fill(person.email);
      await them.locator('#signin-password').fill(person.password);
      await them.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectVisible(
        them.getByText('This account has been disabled. Contact your administrator.'),
        'the disabled message at sign-in',
      );
      await expectPath(them, /^\/(auth|login)/);
    },
  },
  {
    name: 'admin: an account made with a temporary password chooses its own at first sign-in',
    holds: ['admin'],
    unavailableBecause: needsAdmin,
    async run({ newPage }) {
      const person = newAccount('temporary');
      const page = await newPage();
      await openConsole(page);
      await page
        .getByRole('navigation', { name: 'Admin console' })
        .getByRole('link', { name: 'Users' })
        .click();
      await page.getByLabel('Full name').fill(person.fullName);
      await page.getByLabel('Email', { exact: true }).fill(person.email);
      await page.getByLabel('Temporary password').fill(person.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectVisible(page.getByRole('link', { name: person.fullName }), 'the new account');

      // Signed in with the temporary password, nothing opens until they choose their own.
      const them = await newPage();
      await signIn(them, person, '/app/journal');
      await expectVisible(
        them.getByRole('heading', { name: 'Choose your own password', level: 1 }),
        'the password step',
      );
      assert.equal(await them.getByRole('navigation', { name: 'Main' }).count(), 0, 'no app');
      await them.getByLabel('Current password').fill(person.password);
      await them.getByLabel('New password', { exact: true }).fill(`${person.password}-mine`);
      await them.getByLabel('Confirm new password').fill(`${person.password}-mine`);
      await them.getByRole('button', { name: 'Update password' }).click();
      await expectToast(them, 'Password updated');
      await expectVisible(them.getByRole('heading', { name: 'Journal', level: 1 }), 'the journal');
    },
  },
  {
    name: 'admin: read and filter the audit log; run a research export and open it',
    holds: ['admin'],
    // Research mode is the whole instance's, for as long as the journey runs.
    alone: true,
    unavailableBecause: needsAdmin,
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await openConsole(page);
      const nav = page.getByRole('navigation', { name: 'Admin console' });

      // Research mode, set in System settings (an audited admin action).
      await nav.getByRole('link', { name: 'System settings' }).click();
      await expectPath(page, '/admin/system');
      await page.getByLabel('Compliance mode').selectOption('research');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'Settings saved for the whole instance');
      await expectVisible(page.getByLabel('Retention dry run'), 'the retention dry run');
      await checkA11y(page, 'system settings');

      // The audit log: the change is there; filtering by source keeps only what was asked.
      await nav.getByRole('link', { name: 'Audit log' }).click();
      await expectPath(page, '/admin/audit');
      const table = page.getByRole('table', { name: 'Audit log' });
      await page.getByLabel('Source').selectOption('admin');
      await page.getByRole('searchbox').fill('settings_changed');
      await expectVisible(table.getByText('admin.settings_changed'), 'the settings change');
      await checkA11y(page, 'audit log');
      await page.getByRole('searchbox').fill('');
      await page.getByLabel('Source').selectOption('security');
      await expectVisible(table.getByText('Security events'), 'security events');
      await table.getByText('Admin actions').waitFor({ state: 'detached' });

      // Research (decision 042): noisy figures over whole weeks, the privacy budget of each
      // week shown; the export is those figures with their ε, never per-person records.
      await nav.getByRole('link', { name: 'Research' }).click();
      await expectPath(page, '/admin/research');
      await expectVisible(page.getByText(/consenting people/), 'the aggregate summary');
      await page.getByLabel('Date range').selectOption('7d');
      await expectVisible(
        page.getByRole('list', { name: 'Privacy budget by week' }),
        'the budget of each week',
      );
      // Without a dataset tag nothing downloads, and the page says what is missing (issue 25).
      await page.getByRole('button', { name: 'Export JSON' }).click();
      await expectVisible(
        page.getByText(
          'Give the dataset a tag (or set Dataset Tag in your admin profile) before exporting.',
        ),
        'the missing tag explained',
      );
      await page.getByLabel(/Dataset tag/).fill('journey-study');
      await checkA11y(page, 'research');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export JSON' }).click(),
      ]);
      const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
        dataset: { tag: string; k: number; privacy: { epsilon: number; weekBudget: number } };
        records?: unknown;
        suppressed: { cells: number };
      };
      assert.equal(data.dataset.tag, 'journey-study');
      assert.equal(data.dataset.k, 5);
      assert.equal(data.dataset.privacy.epsilon, 1);
      assert.equal(data.dataset.privacy.weekBudget, 4);
      assert.equal(data.records, undefined);
      assert.equal(typeof data.suppressed.cells, 'number');

      // Each week can be released four ways (ε 1 of 4 each); a fifth is refused, and the page
      // says why instead of showing figures. Last week: 30d and 7d above, then two cohorts.
      await page.getByLabel('Cohort').selectOption('beta');
      await expectVisible(page.getByText(/ε 3 of 4 used/).first(), 'the third release of the week');
      await page.getByLabel('Cohort').selectOption('research');
      await expectVisible(page.getByText(/ε 4 of 4 used/).first(), 'the week spent');
      await page.getByLabel('Date range').selectOption('30d');
      await expectVisible(page.getByText('Refused to protect privacy'), 'the refusal');
      await expectVisible(page.getByText(/already been released 4 times/), 'why it was refused');
      await checkA11y(page, 'research refused');

      // The export is on record.
      await nav.getByRole('link', { name: 'Audit log' }).click();
      await page.getByLabel('Source').selectOption('admin');
      await page.getByRole('searchbox').fill('research_exported');
      await expectVisible(table.getByText('admin.research_exported'), 'the export in the log');

      // Back to the standard mode for the journeys that follow.
      await nav.getByRole('link', { name: 'System settings' }).click();
      await page.getByLabel('Compliance mode').selectOption('standard');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'Settings saved for the whole instance');
    },
  },
  {
    name: 'admin: feature toggles off are hidden in the app (audio input, advanced analytics, video)',
    holds: ['admin'],
    // Recording and insights are off for everyone while it runs.
    alone: true,
    unavailableBecause: needsAdmin,
    async run({ newPage, baseUrl }) {
      const person = await createVerifiedAccount(baseUrl, newAccount('toggle-person'));
      const page = await newPage();
      await openConsole(page);
      await page
        .getByRole('navigation', { name: 'Admin console' })
        .getByRole('link', { name: 'System settings' })
        .click();
      await expectPath(page, '/admin/system');
      const audio = page.getByRole('checkbox', { name: 'Audio input' });
      const analytics = page.getByRole('checkbox', { name: 'Advanced analytics' });
      try {
        await setToggle(audio, false);
        await setToggle(analytics, false);

        const them = await newPage();
        await signIn(them, person);
        // No insight cards on the dashboard; no voice tab, recorder or record button.
        await expectVisible(them.getByRole('heading', { name: 'Recent Activity' }), 'dashboard');
        await them.waitForLoadState('networkidle');
        assert.equal(await them.getByTestId('insights').count(), 0, 'insight cards hidden');
        await them.goto('/app/journal/text/new');
        const tabs = them.getByRole('navigation', { name: 'Journal' });
        await expectVisible(tabs.getByRole('link', { name: 'Text' }), 'the journal tabs');
        await them.waitForLoadState('networkidle');
        assert.equal(await tabs.getByRole('link', { name: 'Voice' }).count(), 0, 'no Voice tab');
        await them.goto('/app/voice-notes/inbox');
        await expectVisible(
          them.getByText('Recording is turned off on this instance.'),
          'no recorder',
        );
        // Video input is off (the spec's default): calls are offered as audio only.
        await them.goto('/app/calls/history');
        await expectVisible(them.getByRole('button', { name: 'Start Audio Call' }), 'calls page');
        assert.equal(
          await them.getByRole('button', { name: 'Start Video Call' }).count(),
          0,
          'no video calls',
        );
      } finally {
        // Back on for the journeys that follow, whatever happened above.
        await setToggle(audio, true);
        await setToggle(analytics, true);
      }
    },
  },
];
