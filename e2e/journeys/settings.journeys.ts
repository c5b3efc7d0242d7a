import assert from 'node:assert/strict';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible, dismissToasts } from '../support/expect';
import type { Journey } from '../support/harness';
import { totpCode } from '../support/totp';
import { signIn, signInThroughUi } from '../support/ui';

export const settingsJourneys: Journey[] = [
  {
    name: 'settings: title, four tabs for a user, a toggle saves at once and persists after reload',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('settings'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/settings');
      await expectPath(page, '/app/settings/alerts');
      await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }), 'title');
      await expectVisible(page.getByText('Manage your preferences and account settings'), 'sub');
      const tabs = page.getByRole('tablist', { name: 'Settings sections' });
      await expectVisible(tabs, 'tabs');
      assert.equal(await tabs.getByRole('tab').count(), 4, 'a user has four tabs');
      // The page opens on the tab its address names: alerts are the notifications (issue 25).
      assert.equal(await tabs.getByRole('tab', { selected: true }).innerText(), 'Notifications');
      await page.getByRole('tab', { name: 'Profile' }).click();
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
      await signIn(page, account);
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
    name: 'settings: storage used and left, export downloads user-data-export-{date}.json and the zip',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('export'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/settings/exports');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      // The room the person's data takes, of the default quota (decision 044).
      await page.getByText('You use 0 bytes of 1.07 GB: 1.07 GB left.').waitFor();
      await page.getByRole('progressbar', { name: 'Storage used of your quota' }).waitFor();
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
      await signIn(page, account);
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
    name: 'settings: deleting the account asks for the password, then signs out for good',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('goodbye'));
      const page = await newPage();
      await signIn(page, account);
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
