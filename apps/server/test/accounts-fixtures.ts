import { setTimeout as sleep } from 'node:timers/promises';
import { desc, eq } from 'drizzle-orm';
import { consentLogs } from '../src/db/schema/accounts';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository';
import type { TestApp } from './test-app';
import { TestClient } from './http-client';

export const STRONG_PASSWORD = 'Correct-Horse-42-Battery';

let counter = 0;
export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now().toString(36)}@example.com`;
}

/** The newest outbox message to `to` (mail is sent in the background, so poll briefly). */
export async function waitForMail(
  app: TestApp,
  to: string,
  subjectIncludes = '',
): Promise<{ subject: string; text: string }> {
  const client = new TestClient(app.app, '10.9.9.9');
  for (let attempt = 0; attempt < 100; attempt++) {
    const { messages } = (await client.get('/api/dev/mailbox')).json<{
      messages: { to: string; subject: string; text: string }[];
    }>();
    const found = messages.find((m) => m.to === to && m.subject.includes(subjectIncludes));
    if (found) return found;
    await sleep(20);
  }
  throw new Error(`no mail to ${to} with subject containing "${subjectIncludes}"`);
}

export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}

/** Signs up through HTTP, follows the verification link from the outbox, and signs in. */
export async function signedInClient(
  app: TestApp,
  options: { email?: string; password?: string; name?: string; ip?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const client = new TestClient(
    app.app,
    options.ip ?? `10.1.${counter % 250}.${(counter * 7) % 250}`,
  );
  const signUp = await client.post('/api/auth/sign-up', {
    email,
    password,
    fullName: options.name ?? 'Test Person',
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const mail = await waitForMail(app, email, 'Confirm');
  const link = linkIn(mail.text);
  const verify = await client.get(link.pathname + link.search);
  if (verify.status !== 302) throw new Error(`verify failed: ${verify.status} ${verify.body}`);
  const signIn = await client.post('/api/auth/sign-in', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const session = await client.loadSession();
  return { client, email, password, userId: session.user?.id ?? '' };
}

/** Gives an account a role directly, as `npm run cli -- user:role` would. */
export async function setRole(app: TestApp, userId: string, role: 'user' | 'client' | 'admin') {
  await createAccountsRepository(app.database.db).setRole(userId, role);
}

/** The account's security events, newest first, as stored in consent_logs. */
export async function securityEventsOf(app: TestApp, userId: string) {
  const rows = await app.database.db
    .select()
    .from(consentLogs)
    .where(eq(consentLogs.userId, userId))
    .orderBy(desc(consentLogs.createdAt));
  return rows;
}
