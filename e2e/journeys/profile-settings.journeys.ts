import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible, dismissToasts } from '../support/expect';
import type { Journey } from '../support/harness';
import { totpCode } from '../support/totp';
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
    name: 'admin: read-only profile fields with tooltip (client interface); six settings tabs, retention error (admin interface)',
    unavailableBecause: () =>
      Promise.resolve(roleAccount('admin') ? null : 'no admin account from the CLI'),
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

      // One journey for the shared admin account, so parallel workers never race on its interface.
      await selectInterface(page, 'admin');
      await page.goto('/app/settings/roles');
      const tabs = page.getByRole('tablist', { name: 'Settings sections' });
      await expectVisible(tabs, 'tabs');
      assert.equal(await tabs.getByRole('tab').count(), 6, 'six tabs');
      await page.getByRole('tab', { name: 'System' }).click();
      const retention = page.getByLabel('Data retention (days)');
      await retention.fill('0');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectVisible(
        page.getByText('Data retention must be a whole number of days between 1 and 3650'),
        'server message',
      );
      await expectToast(page, 'Error saving settings', 'There was a problem saving your settings.');
      await retention.fill('90');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Settings saved');
      await checkA11y(page, 'system tab');
      await page.reload();
      await page.getByRole('tab', { name: 'System' }).click();
      assert.equal(await page.getByLabel('Data retention (days)').inputValue(), '90');
    },
  },
  {
    name: 'settings: title, four tabs for a user, a toggle saves at once and persists after reload',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('settings'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/settings');
      await expectPath(page, '/app/settings/alerts');
      await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }), 'title');
      await expectVisible(page.getByText('Manage your preferences and account settings'), 'sub');
      const tabs = page.getByRole('tablist', { name: 'Settings sections' });
      await expectVisible(tabs, 'tabs');
      assert.equal(await tabs.getByRole('tab').count(), 4, 'a user has four tabs');
      assert.equal(await tabs.getByRole('tab', { selected: true }).innerText(), 'Profile');
      await checkA11y(page, 'settings profile tab');

      await page.getByRole('tab', { name: 'Notifications' }).click();
      const email = page.getByRole('switch', { name: 'Email notifications' });
      assert.equal(await email.getAttribute('aria-checked'), 'true', 'default on');
      await email.click();
      await expectToast(page, 'Settings saved', 'Your settings have been updated successfully.');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      await expectVisible(page.getByText('Share Insights with Clients'), 'privacy toggle');
      await page.getByRole('switch', { name: 'Research data sharing' }).click();
      await expectToast(page, 'Settings saved');
      await checkA11y(page, 'settings privacy tab');

      await page.reload();
      await page.getByRole('tab', { name: 'Notifications' }).click();
      assert.equal(
        await page
          .getByRole('switch', { name: 'Email notifications' })
          .getAttribute('aria-checked'),
        'false',
        'saved off',
      );
      await page.getByRole('tab', { name: 'Privacy' }).click();
      assert.equal(
        await page
          .getByRole('switch', { name: 'Research data sharing' })
          .getAttribute('aria-checked'),
        'true',
        'saved on',
      );
    },
  },
  {
    name: 'settings: the theme applies at once and after reload, on every page',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('theme'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/settings/alerts');
      await page.getByRole('tab', { name: 'Appearance' }).click();
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      assert.equal(await isDark(), false, 'light by default');
      await page.getByLabel('Theme').selectOption('dark');
      await expectToast(page, 'Settings saved');
      assert.equal(await isDark(), true, 'dark at once');
      await page.getByLabel('Font size').selectOption('large');
      await expectToast(page, 'Settings saved');
      await checkA11y(page, 'settings in dark theme');
      await page.reload();
      await page.locator('main h1').waitFor();
      assert.equal(await isDark(), true, 'dark after reload');
      await page.goto('/app/dashboard');
      await page.locator('main h1').waitFor();
      assert.equal(await isDark(), true, 'dark elsewhere');
      assert.equal(
        await page.evaluate(() => document.documentElement.dataset.fontSize),
        'large',
        'font size applied',
      );
    },
  },
  {
    name: 'settings: export downloads user-data-export-{date}.json and the zip',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('export'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/settings/exports');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      const today = new Date().toISOString().slice(0, 10);
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export my data (JSON)' }).click(),
      ]);
      assert.equal(json.suggestedFilename(), `user-data-export-${today}.json`);
      const path = await json.path();
      const { readFile } = await import('node:fs/promises');
      const data = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      for (const key of ['profile_settings', 'privacy_settings', 'exportDate'])
        assert.ok(key in data, `export holds ${key}`);
      const [zip] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download full archive (ZIP)' }).click(),
      ]);
      assert.equal(zip.suggestedFilename(), `user-data-export-${today}.zip`);
    },
  },
  {
    name: 'settings: the delete-data dialog ignores outside clicks, Cancel closes, deleting resets',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('delete'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/settings/compliance');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      await page.getByRole('switch', { name: 'Share Insights with Clients' }).click();
      await expectToast(page, 'Settings saved');
      await dismissToasts(page);
      await page.getByRole('button', { name: 'Delete All Data' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(
        dialog.getByText(
          'This action will permanently delete all your data including journal entries, personality analyses, and settings. This action cannot be undone.',
        ),
        'the exact text',
      );
      await checkA11y(page, 'delete dialog');
      await page.mouse.click(5, 5);
      await page.waitForTimeout(300);
      assert.equal(await dialog.isVisible(), true, 'an outside click does not close it');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Delete All Data' }).click();
      await dialog.getByRole('button', { name: 'Delete All Data' }).click();
      await expectToast(page, 'Data deleted');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Privacy' }).click();
      const insights = page.getByRole('switch', { name: 'Share Insights with Clients' });
      for (let attempt = 0; ; attempt += 1) {
        if ((await insights.getAttribute('aria-checked')) === 'false') break;
        assert.ok(attempt < 50, 'settings back to defaults after deleting data');
        await page.waitForTimeout(100);
      }
    },
  },
  {
    name: 'security: changing the password signs out another browser; two-factor enrollment',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('security'));
      const page = await newPage();
      const other = await newPage();
      await signInThroughUi(page, account);
      await signInThroughUi(other, account);
      await page.goto('/app/profile/security');
      await expectVisible(page.getByText('This browser'), 'current session');
      assert.equal(
        await page.getByRole('button', { name: /^Sign out session/ }).count(),
        1,
        'the other browser is listed',
      );
      await checkA11y(page, 'security');

      await page.getByLabel('Current password').fill('not-the-password');
      await page.getByLabel('New password', { exact: true }).fill('Another-Journey-77!');
      await page.getByLabel('Confirm new password').fill('Another-Journey-77!');
      await page.getByRole('button', { name: 'Update password' }).click();
      await expectVisible(
        page.getByRole('alert').filter({ hasText: /password/i }),
        'wrong current',
      );

      await page.getByLabel('Current password').fill(account.password);
      await page.getByRole('button', { name: 'Update password' }).click();
      await expectToast(page, 'Password updated');
      await other.goto('/app/dashboard');
      await expectPath(other, /^\/auth/);

      // The shell's realtime hook may show this tab as signed out on the server's
      // 'password_changed' event although its renewed cookie is valid (reported to the shell).
      await page.goto('/app/profile/security');
      await expectPath(page, '/app/profile/security');
      await expectVisible(page.getByText('Password changed'), 'security event listed');
      assert.equal(
        await page.getByRole('button', { name: /^Sign out session/ }).count(),
        0,
        'the other session is gone',
      );

      await page.getByLabel('Password', { exact: true }).fill('Another-Journey-77!');
      await page.getByRole('button', { name: 'Set up two-factor' }).click();
      const uri = await page.getByLabel('Key for your authenticator app').inputValue();
      assert.match(uri, /^otpauth:\/\//);
      await page.getByLabel('6-digit code').fill(totpCode(uri));
      await page.getByRole('button', { name: 'Confirm and enable' }).click();
      await expectToast(page, 'Two-factor authentication enabled');
      await expectVisible(page.getByRole('button', { name: 'Disable two-factor' }), 'enabled');
    },
  },
  {
    name: 'profile: avatar upload shows the image; a file that is not an image gets the server message',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('avatar'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/profile/personal-info');
      const input = page.getByLabel('Avatar image file');
      await input.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really an image'),
      });
      await expectToast(
        page,
        'Error saving changes',
        'Please choose a PNG, JPEG, WebP or GIF image.',
      );
      await dismissToasts(page);
      // A 1×1 transparent PNG.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      );
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await expectToast(page, 'Profile updated');
      const image = page.getByRole('img', { name: 'Your avatar' });
      await expectVisible(image, 'avatar image');
      assert.match((await image.getAttribute('src')) ?? '', /^\/api\/files\/avatar\//);
      await page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('img[alt="Your avatar"]');
          return img?.complete === true && img.naturalWidth === 1;
        },
        null,
        { timeout: 5_000 },
      );
      // Wherever the avatar appears: the page header's account menu and the top bar's user menu.
      for (const menu of ['avatar-menu-trigger', 'user-menu-trigger']) {
        const shown = page.getByTestId(menu).getByTestId('avatar-image');
        await expectVisible(shown, `avatar in ${menu}`);
        assert.match((await shown.getAttribute('src')) ?? '', /^\/api\/files\/avatar\//);
      }
    },
  },
  {
    name: 'settings: deleting the account asks for the password, then signs out for good',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('goodbye'));
      const page = await newPage();
      await signInThroughUi(page, account);
      await page.goto('/app/settings/alerts');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Password').fill('wrong-password');
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await expectVisible(dialog.getByText('Your password is not correct.'), 'wrong password');
      await dialog.getByLabel('Password').fill(account.password);
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await expectPath(page, /^\/auth/);
      await expectToast(page, 'Account deleted');
      const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      assert.equal(response.ok, false, 'the account is gone');
    },
  },
];
