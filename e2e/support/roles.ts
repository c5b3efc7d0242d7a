import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface RoleAccount {
  role: 'user' | 'client' | 'admin';
  email: string;
  password: string;
}

/** Role accounts are made by the operator CLI before the server starts (scripts/test-e2e.mjs). */
export function roleAccount(role: RoleAccount['role']): RoleAccount | undefined {
  const accounts = JSON.parse(process.env.E2E_ROLE_ACCOUNTS ?? '[]') as RoleAccount[];
  return accounts.find((a) => a.role === role);
}

/** Chooses an admin's interface through the API, as the avatar menu's Switch View does. */
export async function selectInterface(
  page: Page,
  target: 'user' | 'client' | 'admin',
): Promise<void> {
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
