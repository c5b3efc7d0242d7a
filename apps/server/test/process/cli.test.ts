import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDatabase } from './database-target';
import { HttpSession } from './http-session';
import { lockFileIn, PROCESS_TIMEOUT, runCli, startServer, tempDataDir } from './processes';

const PASSWORD = 'Correct-Horse-42-Battery';

let dataDir: string;
let env: Record<string, string>;
let database: Awaited<ReturnType<typeof processDatabase>>;

beforeAll(async () => {
  dataDir = tempDataDir();
  database = await processDatabase();
  env = { DATA_DIR: dataDir, ...database.env };
}, PROCESS_TIMEOUT);
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every CLI run, failed or not, must leave the data directory unlocked. */
async function cli(...args: string[]) {
  const result = await runCli(args, env);
  expect(existsSync(lockFileIn(dataDir))).toBe(false);
  return result;
}

describe('npm run cli', { timeout: PROCESS_TIMEOUT }, () => {
  it('migrate applies the migrations and says so', async () => {
    const result = await cli('migrate');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^migrations applied \(.+\)\n$/);
  });

  it('user:create makes verified accounts of each role, one line each', async () => {
    const admin = await cli(
      'user:create',
      '--email',
      '  Ada@Example.com ',
      '--password',
      PASSWORD,
      '--name',
      'Ada Admin',
      '--role',
      'admin',
    );
    expect(admin).toMatchObject({ code: 0, stdout: 'created admin ada@example.com\n', stderr: '' });
    const client = await cli(
      'user:create',
      '--email=carl@example.com',
      `--password=${PASSWORD}`,
      '--name=Carl Client',
      '--role=client',
    );
    expect(client).toMatchObject({ code: 0, stdout: 'created client carl@example.com\n' });
    const user = await cli(
      'user:create',
      '--email=una@example.com',
      `--password=${PASSWORD}`,
      '--name=Una User',
      '--role=user',
    );
    expect(user).toMatchObject({ code: 0, stdout: 'created user una@example.com\n' });
  });

  it('user:role changes an account role', async () => {
    const result = await cli('user:role', '--email', 'Carl@example.com', '--role', 'admin');
    expect(result).toMatchObject({
      code: 0,
      stdout: 'carl@example.com is now admin\n',
      stderr: '',
    });
  });

  it.each([
    [
      'a bad email',
      ['user:create', '--email=not-an-email', `--password=${PASSWORD}`, '--name=N'],
      'kaleido: Please enter a valid email address',
    ],
    [
      'a weak password (the first broken rule)',
      ['user:create', '--email=weak@example.com', '--password=short', '--name=N'],
      'kaleido: Password must be at least 12 characters long',
    ],
    [
      'a password without a special character',
      ['user:create', '--email=weak@example.com', '--password=NoSpecials12345', '--name=N'],
      'kaleido: Password must contain at least one special character',
    ],
    [
      'a duplicate email (any case)',
      ['user:create', '--email=ADA@example.com', `--password=${PASSWORD}`, '--name=Other'],
      'kaleido: an account with that email already exists',
    ],
    [
      'an unknown role on user:create',
      ['user:create', '--email=x@example.com', `--password=${PASSWORD}`, '--name=N', '--role=x'],
      'kaleido: unknown role "x": use user, client or admin',
    ],
    [
      'an unknown role on user:role',
      ['user:role', '--email=ada@example.com', '--role=owner'],
      'kaleido: unknown role "owner": use user, client or admin',
    ],
    [
      'an email with no account on user:role',
      ['user:role', '--email=nobody@example.com', '--role=client'],
      'kaleido: no account with the email nobody@example.com',
    ],
  ])('refuses %s with one line and exit code 1', async (_case, args, line) => {
    const result = await cli(...args);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `${line}\n` });
  });

  it('refuses a bad environment value, naming the variable', async () => {
    const result = await runCli(['migrate'], { ...env, DATABASE_URL: 'mysql://db/kaleido' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('kaleido: Invalid configuration:');
    expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('left accounts that sign in with their role and profile, and sent no mail', async () => {
    const server = await startServer(env);
    try {
      const expectations = [
        ['ada@example.com', 'Ada Admin', 'admin', true],
        ['carl@example.com', 'Carl Client', 'admin', true],
        ['una@example.com', 'Una User', 'user', false],
      ] as const;
      for (const [email, fullName, role, isFirstTimeAdmin] of expectations) {
        const browser = new HttpSession(server.url);
        expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
        expect(await browser.session()).toMatchObject({
          user: { email, emailVerified: true },
          role,
          isFirstTimeAdmin,
          profile: { fullName, email, selectedInterface: null },
        });
      }
      // Nothing was created by the refused commands.
      const refused = await new HttpSession(server.url).signIn('weak@example.com', PASSWORD);
      expect(refused.status).toBe(401);
      // No verification mail went out for accounts the operator created.
      const mailbox = await new HttpSession(server.url).request('GET', '/api/dev/mailbox');
      expect(mailbox.json()).toEqual({ messages: [] });
    } finally {
      expect(await server.stop()).toMatchObject({ code: 0 });
    }
  });
});

describe('npm run cli -- seed', { timeout: PROCESS_TIMEOUT }, () => {
  it('creates the demo accounts and conversations once; a second run changes nothing', async () => {
    const demoPassword = 'Demo-Password-42!';
    const first = await cli('seed', '--password', demoPassword);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('seeded 4 accounts: ada@demo.example.com (user)');
    expect(first.stdout).toContain('2 conversations, 9 messages');
    const again = await cli('seed', '--password', demoPassword);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing changed');
    expect(await cli('seed', '--password', 'short')).toMatchObject({
      code: 1,
      stderr: 'kaleido: Password must be at least 12 characters long\n',
    });

    const server = await startServer(env);
    try {
      const ada = new HttpSession(server.url);
      expect((await ada.signIn('ada@demo.example.com', demoPassword)).status).toBe(200);
      const { conversations } = (await ada.request('GET', '/api/chat/conversations')).json<{
        conversations: { other_participant: { full_name: string }; unread_count: number }[];
      }>();
      expect(
        conversations.map((c) => [c.other_participant.full_name, c.unread_count]).sort(),
      ).toEqual([
        ['Carl Rogers', 2],
        ['Grace Hopper', 3],
      ]);
      const alan = new HttpSession(server.url);
      expect((await alan.signIn('alan@demo.example.com', demoPassword)).status).toBe(200);
      expect(await alan.session()).toMatchObject({ role: 'admin' });
    } finally {
      expect(await server.stop()).toMatchObject({ code: 0 });
    }
  });
});
