import assert from 'node:assert/strict';
import { createVerifiedAccount, latestMail, linkIn, newAccount } from '../support/accounts';
import { dismissToasts, expectPath, expectToast, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { totpCode } from '../support/totp';
import { signInThroughUi } from '../support/ui';

export const recoveryJourneys: Journey[] = [
  {
    name: 'forgot password: dialog states, reset end to end, used link says so',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('reset'));
      const page = await newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await expectVisible(dialog, 'reset dialog');
      await checkA11y(page, 'reset dialog');
      // Required and not blank: blank input does not submit.
      await dialog.getByLabel('Email').fill('   ');
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      assert.equal(await dialog.getByTestId('reset-sent').count(), 0);
      await dialog.getByLabel('Email').fill(account.email);
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectVisible(
        dialog.getByText("If an account with that email exists, we've sent you a reset link."),
        'sent text',
      );
      await expectVisible(
        dialog.getByText('The reset link will expire in 15 minutes for security.'),
        'expiry text',
      );
      await expectToast(
        page,
        'Reset link sent',
        'If an account exists, a reset link has been sent to your email.',
      );
      // Asking for a reset link does not also submit the sign-in form behind the dialog.
      assert.equal(await page.getByText('Sign in failed').count(), 0, 'no sign-in attempt');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expectVisible(
        page.getByRole('dialog').getByRole('button', { name: 'Send Reset Link' }),
        'cleared form',
      );
      await page.keyboard.press('Escape');
      // The dialog traps focus while open and gives it back to its trigger when closed.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => document.activeElement?.textContent === 'Forgot your password?',
        null,
        { timeout: 3_000 },
      );

      const mail = await latestMail(baseUrl, account.email, /reset/i);
      const link = linkIn(mail.text);
      assert.match(link, /\/auth\/reset-password\?token=/);
      await page.goto(link);
      await expectVisible(page.getByLabel('New password', { exact: true }), 'reset screen');
      await checkA11y(page, 'reset screen');
      await page.getByLabel('New password', { exact: true }).fill('weak');
      await page.getByLabel('Confirm new password').fill('weak');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectToast(
        page,
        'Password requirements not met',
        'Password must be at least 12 characters long',
      );
      const newPassword = 'Another-Strong-Pass-9?';
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectPath(page, '/login?reset=1');
      await signInThroughUi(page, { email: account.email, password: newPassword });

      const other = await newPage();
      await other.goto(link);
      await other.getByLabel('New password', { exact: true }).fill('Yet-Another-Pass-8?');
      await other.getByLabel('Confirm new password').fill('Yet-Another-Pass-8?');
      await other.getByRole('button', { name: 'Reset Password' }).click();
      await expectVisible(
        other.getByText(
          'This reset link has expired or was already used. Please request a new one.',
        ),
        'used-link message',
      );
      await expectVisible(
        other.getByRole('button', { name: 'Request a new reset link' }),
        'new link offer',
      );
    },
  },
  {
    name: 'two-factor: the code step after the password, with a TOTP code or a recovery code',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('totp'));
      const page = await newPage();
      await signInThroughUi(page, account);
      const { csrfToken } = (await (await page.request.get('/api/session')).json()) as {
        csrfToken: string;
      };
      const headers = { 'x-csrf-token': csrfToken };
      const enroll = await page.request.post('/api/auth/two-factor/enroll', {
        headers,
        data: { password: account.password },
      });
      assert.equal(enroll.status(), 200, await enroll.text());
      const { totpURI, recoveryCodes } = (await enroll.json()) as {
        totpURI: string;
        recoveryCodes: string[];
      };
      const confirm = await page.request.post('/api/auth/two-factor/confirm', {
        headers,
        data: { code: totpCode(totpURI) },
      });
      assert.equal(confirm.status(), 200, await confirm.text());

      await page.context().clearCookies();
      await page.goto('/login');
      await page.locator('#signin-email').fill(account.email);
      await page.locator('#signin-password').fill(account.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectVisible(page.getByLabel('Authentication code'), 'code step');
      await checkA11y(page, 'two-factor step');
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectToast(page, 'Sign in failed');
      await dismissToasts(page);
      // A fresh code (the next 30-second step, so it is not the one used to confirm).
      await page.getByLabel('Authentication code').fill(totpCode(totpURI, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      const signedIn = await page
        .waitForURL((url) => url.pathname === '/app/dashboard', { timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!signedIn) {
        // The server accepts only the current step: use the current code.
        await dismissToasts(page);
        await page.getByLabel('Authentication code').fill(totpCode(totpURI));
        await page.getByRole('button', { name: 'Verify' }).click();
        await expectPath(page, '/app/dashboard');
      }
      await expectToast(page, 'Welcome back!', 'Successfully signed in.');

      await page.context().clearCookies();
      await page.goto('/login');
      await page.locator('#signin-email').fill(account.email);
      await page.locator('#signin-password').fill(account.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      const recoveryCode = recoveryCodes[0];
      assert.ok(recoveryCode, 'a recovery code');
      await page.getByLabel('Recovery code').fill(recoveryCode);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/app/dashboard');
    },
  },
];
