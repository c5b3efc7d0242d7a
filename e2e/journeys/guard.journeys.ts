import assert from 'node:assert/strict';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { roleAccount, type RoleAccount } from '../support/roles';
import { signInThroughUi } from '../support/ui';

/** Role accounts come from `npm run cli -- user:create`; until it exists they cannot be made. */
function needsRoleAccount(role: RoleAccount['role']) {
  return async () => {
    const account = roleAccount(role);
    if (!account) return `no ${role} account: the CLI's user:create failed`;
    const response = await fetch(`${process.env.E2E_BASE_URL ?? ''}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    return response.ok
      ? null
      : `no ${role} account: CLI user:create did not create one (${response.status})`;
  };
}

function mustHave(role: RoleAccount['role']): RoleAccount {
  const account = roleAccount(role);
  if (!account) throw new Error(`no ${role} account`);
  return account;
}

export const guardJourneys: Journey[] = [
  {
    name: 'guard: no session → /auth (the auth screen), for every protected area',
    async run({ newPage }) {
      const page = await newPage();
      for (const path of [
        '/app/dashboard',
        '/app/chat',
        '/client',
        '/admin/settings',
        '/interface-selection',
      ]) {
        await page.goto(path);
        await expectPath(page, '/auth');
        await expectVisible(
          page.getByRole('tab', { name: 'Sign In' }),
          `auth screen after ${path}`,
        );
      }
    },
  },
  {
    name: 'guard: a user is confined to the user interface and kept out of interface selection',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('guard-user'));
      const page = await newPage();
      await signInThroughUi(page, account);
      const cases: [string, string | RegExp][] = [
        ['/admin', '/app/dashboard'],
        ['/client/profile', '/app/profile/personal-info'],
        ['/admin/settings', '/app/settings/alerts'],
        ['/interface-selection', '/app/dashboard'],
        ['/login', '/app/dashboard'],
      ];
      for (const [from, to] of cases) {
        await page.goto(from);
        await expectPath(page, to);
      }
      await page.getByTestId('avatar-menu-trigger').click();
      await expectVisible(
        page.getByTestId('role-label').getByText('Self-Awareness'),
        'user role label',
      );
      await expectVisible(page.getByText(account.fullName), 'full name in menu');
      if ((await page.getByRole('menuitem', { name: 'Switch View' }).count()) > 0)
        throw new Error('Switch View shown to a non-admin');
      await page.keyboard.press('Escape');
      assert.equal(
        await page.getByRole('navigation', { name: 'Client Interface' }).count(),
        0,
        'no client interface pages for a user',
      );
    },
  },
  {
    name: 'guard: a client lands in /client, finds its pages in the sidebar and the palette, and is moved there from /admin',
    holds: ['client'],
    unavailableBecause: needsRoleAccount('client'),
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      // A professional's home is the client interface (issue 25 item 1).
      await signInThroughUi(page, mustHave('client'), '/client');
      const clientNav = page.getByRole('navigation', { name: 'Client Interface' });
      await expectVisible(clientNav.getByRole('link', { name: 'People' }), 'People in the sidebar');
      assert.equal(
        await clientNav.getByRole('link', { name: 'People' }).getAttribute('aria-current'),
        'page',
        'People is the current page',
      );
      await clientNav.getByRole('link', { name: 'Requests' }).click();
      await expectPath(page, '/client/requests');
      await expectVisible(page.getByLabel('Invite a person by email'), 'the invite form');
      await clientNav.getByRole('link', { name: 'Reports' }).click();
      await expectPath(page, '/client/reports');
      await expectVisible(page.getByRole('heading', { name: 'Reports' }), 'reports page');
      await checkA11y(page, 'client reports');
      // The palette finds the client interface's pages by the word a professional would type.
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await palette.getByPlaceholder('Type to search or execute commands...').fill('client');
      await palette.getByRole('option', { name: 'People', exact: true }).click();
      await expectPath(page, '/client');
      // Their own workspace is one click away.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Journal/ })
        .click();
      await expectPath(page, /^\/app\/journal/);
      await expectVisible(clientNav.getByRole('link', { name: 'People' }), 'still in the sidebar');
      await page.goto('/admin');
      await expectPath(page, '/client');
      await expectVisible(
        page.getByRole('heading', { name: 'Client Interface', level: 1 }),
        'client home',
      );
      await page.goto('/admin/settings');
      await expectPath(page, '/app/settings/alerts');
      await page.getByTestId('avatar-menu-trigger').click();
      await expectVisible(
        page.getByTestId('role-label').getByText('Coach/HR/Psychologist'),
        'client role label',
      );
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expectPath(page, '/app/profile/personal-info');
    },
  },
  {
    name: 'guard: a first-time admin chooses an interface, then switches view',
    holds: ['admin'],
    unavailableBecause: needsRoleAccount('admin'),
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      await signInThroughUi(page, mustHave('admin'), '/interface-selection');
      await checkA11y(page, 'interface selection');
      await page.getByRole('button', { name: 'Use Admin Interface' }).click();
      await expectPath(page, '/admin');
      await page.goto('/client');
      await expectPath(page, '/admin');
      await page.getByTestId('avatar-menu-trigger').click();
      await expectVisible(
        page.getByTestId('role-label').getByText('System Owner/Researcher'),
        'admin role label',
      );
      await page.getByRole('menuitem', { name: 'Switch View' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('menuitem', { name: 'Client Interface' }).press('Enter');
      await expectToast(page, 'Interface switched', 'Switched to client interface');
      await expectPath(page, '/client');
      await page.goto('/admin/x');
      await expectPath(page, '/client');
      await page.goto('/interface-selection');
      await expectVisible(
        page.getByRole('heading', { name: 'Choose your interface' }),
        'selection for admins',
      );
    },
  },
];
