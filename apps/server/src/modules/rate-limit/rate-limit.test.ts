import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function expectLimited(response: Awaited<ReturnType<TestClient['post']>>, message: string) {
  expect(response.status).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({
    code: 'RATE_LIMITED',
    message,
    requestId: expect.any(String) as string,
  });
}

describe('rate limits (at least Supabase Auth defaults)', () => {
  it('allows 30 sign-ups per 5 minutes per IP, then 429 until the window passes', async () => {
    const client = new TestClient(app.app, '10.7.0.1');
    for (let i = 0; i < 30; i++) {
      expect(
        (
          await client.post('/api/auth/sign-up', {
            email: uniqueEmail('limit'),
            password: STRONG_PASSWORD,
            fullName: 'L',
          })
        ).status,
      ).toBe(200);
    }
    const over = await client.post('/api/auth/sign-up', {
      email: uniqueEmail('limit'),
      password: STRONG_PASSWORD,
      fullName: 'L',
    });
    expectLimited(over, 'Too many sign-up attempts. Please wait a few minutes and try again.');
    // Another IP is not affected.
    const elsewhere = new TestClient(app.app, '10.7.0.2');
    expect(
      (
        await elsewhere.post('/api/auth/sign-up', {
          email: uniqueEmail('limit'),
          password: STRONG_PASSWORD,
          fullName: 'L',
        })
      ).status,
    ).toBe(200);
    app.clock.advance(5 * 60_000 + 1000);
    // The email budget (30 an hour) is spent too; a new sign-up window alone is not enough.
    const stillNoMail = await client.post('/api/auth/sign-up', {
      email: uniqueEmail('limit'),
      password: STRONG_PASSWORD,
      fullName: 'L',
    });
    expectLimited(stillNoMail, 'Too many emails requested. Please wait an hour and try again.');
    app.clock.advance(60 * 60_000);
    expect(
      (
        await client.post('/api/auth/sign-up', {
          email: uniqueEmail('limit'),
          password: STRONG_PASSWORD,
          fullName: 'L',
        })
      ).status,
    ).toBe(200);
  });

  it('allows 30 password reset requests per 5 minutes per IP', async () => {
    const client = new TestClient(app.app, '10.7.1.1');
    for (let i = 0; i < 30; i++)
      expect(
        (await client.post('/api/auth/request-password-reset', { email: uniqueEmail('r') })).status,
      ).toBe(200);
    expectLimited(
      await client.post('/api/auth/request-password-reset', { email: uniqueEmail('r') }),
      'Too many password reset requests. Please wait a few minutes and try again.',
    );
  });

  it('allows 30 verification requests per 5 minutes per IP', async () => {
    const client = new TestClient(app.app, '10.7.2.1');
    for (let i = 0; i < 30; i++)
      expect(
        (await client.post('/api/auth/resend-verification', { email: uniqueEmail('v') })).status,
      ).toBe(200);
    expectLimited(
      await client.post('/api/auth/resend-verification', { email: uniqueEmail('v') }),
      'Too many verification attempts. Please wait a few minutes and try again.',
    );
  });

  it('allows 150 sign-ins per 5 minutes per IP', async () => {
    const client = new TestClient(app.app, '10.7.3.1');
    for (let i = 0; i < 150; i++) {
      expect(
        (
          await client.post('/api/auth/sign-in', {
            email: uniqueEmail('nobody'),
            password: 'Wrong-Password-1',
          })
        ).status,
      ).toBe(401);
    }
    expectLimited(
      await client.post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' }),
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  }, 60_000);

  it('allows 150 session refreshes per 5 minutes per IP', async () => {
    const { client } = await signedInClient(app, { ip: '10.7.4.1' });
    for (let i = 0; i < 150; i++) {
      const response = await client.post('/api/session/refresh');
      expect(response.status).toBe(200);
      client.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    }
    expectLimited(
      await client.post('/api/session/refresh'),
      'Too many session refreshes. Please wait a few minutes and try again.',
    );
  });

  it('locks an account from one source after 10 failed sign-ins in 15 minutes, even with the right password', async () => {
    const { email, password } = await signedInClient(app);
    const attacker = new TestClient(app.app, '10.8.0.1');
    for (let i = 0; i < 10; i++) {
      expect(
        (await attacker.post('/api/auth/sign-in', { email, password: `Wrong-Password-${i}` }))
          .status,
      ).toBe(401);
    }
    expectLimited(
      await attacker.post('/api/auth/sign-in', { email, password }),
      'Too many failed sign-in attempts for this account. Please wait 15 minutes or reset your password.',
    );
    // The owner elsewhere is not locked out by a stranger (password-lock.test.ts has the rest).
    const owner = new TestClient(app.app, '10.8.99.1');
    expect((await owner.post('/api/auth/sign-in', { email, password })).status).toBe(200);
    app.clock.advance(15 * 60_000 + 1000);
    expect((await attacker.post('/api/auth/sign-in', { email, password })).status).toBe(200);
  });

  it('takes the client IP from the socket, ignoring X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const client = new TestClient(app.app, '10.7.5.1');
    for (let i = 0; i < 30; i++) {
      await client.post(
        '/api/auth/request-password-reset',
        { email: uniqueEmail('x') },
        { 'x-forwarded-for': `192.0.2.${i}` },
      );
    }
    const spoofed = await client.post(
      '/api/auth/request-password-reset',
      { email: uniqueEmail('x') },
      { 'x-forwarded-for': '192.0.2.200' },
    );
    expect(spoofed.status).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  // Probe N11: nginx's `proxy_add_x_forwarded_for` appends the peer to whatever the client sent,
  // so the leftmost address is the client's own invention and only the last hop is the proxy's.
  it('takes the address the proxy appended, not one the client wrote before it', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const viaProxy = new TestClient(proxied.app, '127.0.0.1');
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const forwarded = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` };
        const body = { email: uniqueEmail('n11') };
        statuses.push(
          (await viaProxy.post('/api/auth/request-password-reset', body, forwarded)).status,
        );
      }
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('walks back through a list of trusted proxies to the first untrusted address', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      // Client → edge proxy 10.2.2.2 → inner proxy 10.1.1.1 → us; the client wrote a fake hop.
      const viaProxies = new TestClient(proxied.app, '10.1.1.1');
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const forwarded = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.8, 10.2.2.2` };
        const body = { email: uniqueEmail('n11-list') };
        statuses.push(
          (await viaProxies.post('/api/auth/request-password-reset', body, forwarded)).status,
        );
      }
      expect(statuses[30]).toBe(429);
      // Another client behind the same proxies is not affected.
      const other = { 'x-forwarded-for': '198.51.100.9, 10.2.2.2' };
      const response = await viaProxies.post(
        '/api/auth/request-password-reset',
        { email: uniqueEmail('n11-list') },
        other,
      );
      expect(response.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('keys limits on X-Forwarded-For when TRUST_PROXY=true', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const client = new TestClient(proxied.app, '127.0.0.1');
      for (let i = 0; i < 31; i++) {
        const response = await client.post(
          '/api/auth/request-password-reset',
          { email: uniqueEmail('p') },
          { 'x-forwarded-for': `192.0.2.${i}` },
        );
        expect(response.status).toBe(200);
      }
    } finally {
      await proxied.close();
    }
  });
});
