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

export function modifierKey(): string {
  return 'Control';
}
