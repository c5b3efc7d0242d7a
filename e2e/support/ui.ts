import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Account } from './accounts';
import { expectPath } from './expect';

/** Signs in through the auth screen and waits for the workspace (or a given path). */
export async function signInThroughUi(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  landing: string | RegExp = '/app/dashboard',
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.locator('#signin-password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPath(page, landing);
  // The page header renders once the lazily loaded shell and page are in.
  await page.locator('main h1').first().waitFor();
}

/**
 * Signs in with the API the sign-in form calls (the session cookie lands in the page's browser
 * context), then opens the landing page, or, when only a pattern is known, /login, which sends a
 * signed-in person where the form would have. For journeys whose subject is not signing in (the
 * auth, recovery, guard and session journeys keep the form): it skips loading and filling the
 * form, and a redirect or two.
 */
export async function signIn(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  landing: string | RegExp = '/app/dashboard',
): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  assert.equal(response.status(), 200, `sign-in of ${account.email}: ${await response.text()}`);
  await page.goto(typeof landing === 'string' ? landing : '/login');
  await expectPath(page, landing);
  await page.locator('main h1').first().waitFor();
}

export function modifierKey(): string {
  return 'Control';
}
