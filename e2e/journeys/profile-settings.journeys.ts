import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible, dismissToasts } from '../support/expect';
import type { Journey } from '../support/harness';
import { signInThroughUi } from '../support/ui';

interface RoleAccount {
  role: 'user' | 'client' | 'admin';
  email: string;
  password: string;
}

/** Role accounts are made by the operator CLI before the server starts (scripts/test-e2e.mjs). */
function roleAccount(role: RoleAccount['role']): RoleAccount | undefined {
  const accounts = JSON.parse(process.env.E2E_ROLE_ACCOUNTS ?? '[]') as RoleAccount[];
  return accounts.find((a) => a.role === role);
}

/** Chooses an admin's interface through the API, as the avatar menu's Switch View does. */
async function selectInterface(page: Page, target: 'user' | 'client' | 'admin'): Promise<void> {
  const status = await page.evaluate(async (selectedInterface) => {
    const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
    const response = await fetch('/api/profile/selected-interface', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({ selectedInterface }),
    });
    return response.status;
  }, target);
  assert.equal(status, 200, 'interface selected');
}

export const profileSettingsJourneys: Journey[] = [
  {
    name: 'profile: autosave after a pause with its toast, invalid values are not saved',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('profile'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/profile');
      await expectPath(page, '/app/profile/personal-info');
      await expectVisible(page.getByRole('heading', { name: 'Personal & Identity' }), 'card');
      assert.equal(
        await page.getByRole('heading', { name: 'Administrative Information' }).count(),
        0,
        'a user does not see the admin card',
      );
      const name = page.getByLabel('Display Name');
      await name.fill('Journey Person');
      await expectToast(page, 'Profile updated', 'Your changes have been saved.');
      await dismissToasts(page);

      await name.fill('');
      await expectVisible(page.getByText('This field is required'), 'required message');
      await page.waitForTimeout(900);
      assert.equal(
        await page.locator('[data-sonner-toast]').count(),
        0,
        'an invalid value is not saved',
      );

      await page.getByLabel('Timezone').selectOption('Europe/Paris');
      await expectToast(page, 'Profile updated');
      await page.getByRole('checkbox', { name: 'personal growth' }).check();
      await page.waitForTimeout(700);
      await checkA11y(page, 'profile');

      await page.reload();
      await expectVisible(page.getByRole('heading', { name: 'Personal & Identity' }), 'card');
      assert.equal(await page.getByLabel('Display Name').inputValue(), 'Journey Person');
      assert.equal(await page.getByLabel('Timezone').inputValue(), 'Europe/Paris');
      assert.equal(
        await page.getByRole('checkbox', { name: 'personal growth' }).isChecked(),
        true,
        'multiselect saved',
      );
    },
  },
  {
    name: 'profile: an admin in the client interface sees read-only fields with the tooltip',
    skip: () => Promise.resolve(roleAccount('admin') ? null : 'no admin account from the CLI'),
    async run({ newPage, checkA11y }) {
      const admin = roleAccount('admin');
      assert.ok(admin);
      const page = await newPage();
      await signInThroughUi(page, admin, /^\/(interface-selection|admin|client|app)/);
      await selectInterface(page, 'client');
      await page.goto('/app/profile/personal-info');
      await expectVisible(page.getByText('You are in the client interface.'), 'admin banner');
      const name = page.getByLabel('Display Name');
      assert.equal(await name.isDisabled(), true, 'user fields read-only in client interface');
      await page.locator('[data-field="display_name"] [data-read-only]').hover();
      await expectVisible(
        page.getByRole('tooltip').getByText('Read-only in current interface'),
        'read-only tooltip',
      );
      const title = page.getByLabel('Professional Title');
      assert.equal(await title.isDisabled(), false, 'client fields editable');

      const schedule = page.getByLabel('Availability Hours');
      await schedule.fill('{"monday": ');
      await expectVisible(page.getByText(/not valid JSON yet/), 'invalid JSON hint');
      await schedule.fill('{"monday": ["09:00-17:00"]}');
      await expectToast(page, 'Profile updated');
      await checkA11y(page, 'profile as admin in client interface');
      await selectInterface(page, 'admin');
    },
  },
];
