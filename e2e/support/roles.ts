import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Page } from 'playwright-core';

export interface RoleAccount {
  role: 'user' | 'client' | 'admin';
  email: string;
  password: string;
  fullName: string;
}

/**
 * The journey running in this async context, so a role account is handed only to a journey that
 * said it holds it (e2e/main.ts runs journeys two at a time and never two holding one account).
 */
export const runningJourney = new AsyncLocalStorage<{
  name: string;
  holds: readonly RoleAccount['role'][];
}>();

/**
 * Role accounts are made by the operator CLI before the server starts (scripts/test-e2e.mjs), one
 * per role for the whole run: their state (an admin's selected interface, a first-time admin's
 * choice) is shared, so a journey that signs in with one declares it in `holds`.
 */
export function roleAccount(role: RoleAccount['role']): RoleAccount | undefined {
  const journey = runningJourney.getStore();
  if (journey && !journey.holds.includes(role))
    throw new Error(
      `journey "${journey.name}" uses the CLI's ${role} account: add holds: ['${role}'] to it, ` +
        'so that no journey beside it uses the same account',
    );
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
