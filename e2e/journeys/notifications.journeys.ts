import assert from 'node:assert/strict';
import type { Account } from '../support/accounts';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { dismissToasts, expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';

/** A sign-in from another device: the server tells the account's open tabs (a real notice). */
async function signInElsewhere(baseUrl: string, account: Account, userAgent: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  assert.equal(response.status, 200, `sign-in from ${userAgent}`);
}

export const notificationJourneys: Journey[] = [
  {
    name: 'notifications: arrive live with a View toast, badge and 9+, marked read and cleared on the server',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('notify'));
      const page = await newPage();
      await signIn(page, account);
      await expectVisible(
        page.locator('[data-testid="online-indicator"][data-realtime="open"]'),
        'online once the realtime connection is up',
      );
      assert.equal(await page.getByTestId('notification-badge').count(), 0);

      await signInElsewhere(
        baseUrl,
        account,
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0',
      );
      await expectToast(page, 'New sign-in', 'Firefox on Windows');
      await expectVisible(
        page.getByTestId('notification-badge').getByText('1', { exact: true }),
        'badge 1',
      );
      // The tab says where it is and that something waits.
      assert.equal(await page.title(), '(1) Dashboard · Kaleido');
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'New sign-in' })
        .getByRole('button', { name: 'View' })
        .click();
      await expectPath(page, '/app/profile/security');

      // Stacked toasts fade behind the front one; they are checked for contrast where they lead.
      await dismissToasts(page);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const list = page.getByRole('dialog', { name: 'Notifications' });
      await expectVisible(list.getByText(/Firefox on Windows/), 'notification in the list');
      await checkA11y(page, 'notification list');
      await list.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByTestId('notification-badge').waitFor({ state: 'detached' });
      const afterRead = (await (await page.request.get('/api/notifications')).json()) as {
        unread: number;
      };
      assert.equal(afterRead.unread, 0);
      await page.keyboard.press('Escape');

      for (let i = 0; i < 10; i += 1)
        await signInElsewhere(
          baseUrl,
          account,
          `Mozilla/5.0 (X11; Linux x86_64) Firefox/${100 + i}.0`,
        );
      await expectVisible(page.getByTestId('notification-badge').getByText('9+'), "badge '9+'");
      const stored = JSON.parse(
        (await page.evaluate(() => localStorage.getItem('kaleido:ui'))) ?? '{}',
      ) as { notifications: unknown[] };
      assert.equal(stored.notifications.length, 11);

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page
        .getByRole('dialog', { name: 'Notifications' })
        .getByRole('button', { name: 'Clear' })
        .click();
      await expectVisible(page.getByText('No notifications yet'), 'empty list');
      await page.getByTestId('notification-badge').waitFor({ state: 'detached' });
      const afterClear = (await (await page.request.get('/api/notifications')).json()) as {
        notifications: unknown[];
      };
      assert.equal(afterClear.notifications.length, 0);

      // Survives a reload: the list comes from the server, and nothing toasts twice.
      await page.reload();
      await page.locator('main h1').first().waitFor();
      assert.equal(await page.getByTestId('notification-badge').count(), 0);
    },
  },
];
