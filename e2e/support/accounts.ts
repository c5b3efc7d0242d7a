import { randomUUID } from 'node:crypto';

/** A password that meets every rule of SPEC §5 (and scores Strong). */
export const GOOD_PASSWORD = 'Kaleido-Journey-42!';

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

export function newAccount(label: string): Account {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${label}-${id}@example.test`,
    password: GOOD_PASSWORD,
    fullName: `E2E ${label} ${id}`,
  };
}

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest message to `to` in the dev outbox, waiting for it to arrive. */
export async function latestMail(
  baseUrl: string,
  to: string,
  subjectPattern: RegExp,
  after?: string,
): Promise<MailboxMessage> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox`);
    const { messages } = (await response.json()) as { messages: MailboxMessage[] };
    const found = messages.find(
      (m) => m.to === to && subjectPattern.test(m.subject) && (!after || m.id !== after),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail matching ${String(subjectPattern)} to ${to}`);
}

export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[0];
}

/** Signs up and verifies an account through the API and the outbox. */
export async function createVerifiedAccount(baseUrl: string, account: Account): Promise<Account> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const mail = await latestMail(baseUrl, account.email, /confirm|verify/i);
  const verify = await fetch(linkIn(mail.text), { redirect: 'manual' });
  const location = verify.headers.get('location') ?? '';
  if (!location.includes('verified=1')) throw new Error(`verification failed: ${location}`);
  return account;
}

/**
 * The account turns on 'Let people find me by name' (decision 045): the pickers list nobody else
 * a new account shares nothing with. Signs in through the API on its own, without a page.
 */
export async function makeFindable(baseUrl: string, account: Account): Promise<Account> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = (await (
    await fetch(`${baseUrl}/api/session`, { headers: { cookie } })
  ).json()) as {
    csrfToken: string;
  };
  const response = await fetch(`${baseUrl}/api/users/me/findability`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': session.csrfToken },
    body: JSON.stringify({ findable: true }),
  });
  if (!response.ok) throw new Error(`findable failed: ${response.status} ${await response.text()}`);
  return account;
}
