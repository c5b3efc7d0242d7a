import assert from 'node:assert/strict';
import type { JourneyContext } from './harness';
import { roleAccount, selectInterface } from './roles';
import { signIn } from './ui';

/**
 * Sets instance feature toggles as the CLI's admin does in System settings (PATCH
 * /api/admin/settings), for a journey whose subject needs one the spec leaves off (video input).
 * The journey holds the admin account and runs alone: the toggles are the whole instance's.
 */
export async function setInstanceFeatures(
  ctx: Pick<JourneyContext, 'newPage'>,
  features: Record<string, boolean>,
): Promise<void> {
  const admin = roleAccount('admin');
  assert.ok(admin, 'the CLI admin account');
  const page = await ctx.newPage();
  await signIn(page, admin, /^\/(admin|client|app|interface-selection)/);
  await selectInterface(page, 'admin');
  const status = await page.evaluate(async (body) => {
    const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
    const response = await fetch('/api/admin/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({ features: body }),
    });
    return response.status;
  }, features);
  assert.equal(status, 200, `feature toggles set: ${JSON.stringify(features)}`);
  await page.close();
}
