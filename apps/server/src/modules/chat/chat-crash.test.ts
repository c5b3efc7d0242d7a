import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@kaleido/shared/chat/chat.schemas';
import { processDatabase } from '../../../test/process/database-target';
import { HttpSession } from '../../../test/process/http-session';
import {
  PROCESS_TIMEOUT,
  runCli,
  startServer,
  tempDataDir,
  type ServerProcess,
} from '../../../test/process/processes';

// The real server as an operator runs it, killed with SIGKILL in the middle of a burst of sends:
// every send it acknowledged must be there after a restart, and retrying the sends that were in
// flight (same clientId) must not duplicate any. Embedded database on the default run,
// PostgreSQL on the TEST_DATABASE_URL run.
const PASSWORD = 'Correct-Horse-42-Battery';
const ADA = 'crash-ada@example.com';
const BOB = 'crash-bob@example.com';

let dataDir: string;
let database: Awaited<ReturnType<typeof processDatabase>>;
let env: Record<string, string>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = tempDataDir({ migrated: true });
  database = await processDatabase({ migrated: true });
  env = { DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '1000', ...database.env };
  // One account from the CLI (before the server holds the data directory), one by signing up.
  const created = await runCli(
    ['user:create', `--email=${ADA}`, `--password=${PASSWORD}`, '--name=Ada Crash'],
    env,
  );
  expect(created).toMatchObject({ code: 0 });
}, PROCESS_TIMEOUT);
afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(email: string) {
  const session = new HttpSession(server?.url ?? '');
  expect((await session.signIn(email, PASSWORD)).status).toBe(200);
  const info = await session.session();
  return { session, userId: info.user?.id ?? '' };
}

/** Signs up through HTTP and follows the link the local outbox holds. */
async function signUp(email: string, fullName: string) {
  const visitor = new HttpSession(server?.url ?? '');
  await visitor.request('POST', '/api/auth/sign-up', { email, password: PASSWORD, fullName });
  for (let attempt = 0; attempt < 100; attempt++) {
    const { messages } = (await visitor.request('GET', '/api/dev/mailbox')).json<{
      messages: { to: string; text: string }[];
    }>();
    const link = /https?:\/\/\S+/.exec(messages.find((m) => m.to === email)?.text ?? '');
    if (link) {
      const url = new URL(link[0]);
      await visitor.request('GET', url.pathname + url.search);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail for ${email}`);
}

describe('a server killed mid-burst', { timeout: PROCESS_TIMEOUT }, () => {
  it('loses no acknowledged message, and retries after restart add no duplicate', async () => {
    server = await startServer(env);
    await signUp(BOB, 'Bob Crash');
    const ada = await signedIn(ADA);
    const bob = await signedIn(BOB);
    const created = await ada.session.request('POST', '/api/chat/conversations', {
      participantId: bob.userId,
    });
    const conversationId = created.json<{ conversation: { id: string } }>().conversation.id;
    const path = `/api/chat/conversations/${conversationId}/messages`;

    const acknowledged = new Map<string, Message>(); // by clientId
    const inFlight = new Set<string>(); // sent, no answer when the server died
    let stopSending = false;
    const killed = (async () => {
      while (acknowledged.size < 80) await new Promise((r) => setTimeout(r, 5));
      await server.stop('SIGKILL');
      stopSending = true;
    })();
    const sender = async (lane: number) => {
      for (let n = 0; !stopSending; n++) {
        const clientId = randomUUID();
        inFlight.add(clientId);
        try {
          const response = await ada.session.request('POST', path, {
            clientId,
            content: `lane ${lane} #${n}`,
          });
          if (response.status !== 201) throw new Error(`send answered ${response.status}`);
          acknowledged.set(clientId, response.json<{ message: Message }>().message);
          inFlight.delete(clientId);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    await Promise.all([sender(1), sender(2), sender(3), sender(4), killed]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(80);

    server = await startServer(env);
    ada.session.baseUrl = server.url;
    bob.session.baseUrl = server.url;
    const afterRestart = (await bob.session.request('GET', `${path}?limit=200`)).json<{
      messages: Message[];
    }>().messages;
    const byClientId = new Map(afterRestart.map((m) => [m.client_id, m]));
    for (const [clientId, message] of acknowledged) {
      expect(byClientId.get(clientId)).toMatchObject({ id: message.id, seq: message.seq });
    }

    // The browser retries what it never heard back about, with the same clientIds.
    for (const clientId of inFlight) {
      const retry = await ada.session.request('POST', path, { clientId, content: 'retried' });
      expect([200, 201]).toContain(retry.status);
    }
    const final = (await bob.session.request('GET', `${path}?limit=200`)).json<{
      messages: Message[];
    }>().messages;
    expect(final).toHaveLength(acknowledged.size + inFlight.size);
    expect(new Set(final.map((m) => m.client_id)).size).toBe(final.length);
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
