import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEventsOf, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const MINUTE = 60_000;

describe('anti-forgery token', () => {
  it('is 32 random bytes in hex, different per session', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    expect(a.client.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(a.client.csrfToken).not.toBe(b.client.csrfToken);
  });

  it('is required on state-changing requests of a signed-in session', async () => {
    const { client } = await signedInClient(app);
    const token = client.csrfToken ?? '';
    client.csrfToken = null;
    const missing = await client.post('/api/session/refresh');
    expect(missing.status).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'CSRF', requestId: expect.any(String) as string });
    const wrong = await client.post('/api/session/refresh', {}, { 'x-csrf-token': 'f'.repeat(64) });
    expect(wrong.status).toBe(403);
    const another = await signedInClient(app);
    const foreign = await client.post(
      '/api/session/refresh',
      {},
      { 'x-csrf-token': another.client.csrfToken ?? '' },
    );
    expect(foreign.status).toBe(403);
    const right = await client.post('/api/session/refresh', {}, { 'x-csrf-token': token });
    expect(right.status).toBe(200);
  });

  it('is rotated by the session refresh; the old one stops working', async () => {
    const { client } = await signedInClient(app);
    const old = client.csrfToken ?? '';
    const refreshed = await client.post('/api/session/refresh');
    const { csrfToken } = refreshed.json<{ csrfToken: string }>();
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(csrfToken).not.toBe(old);
    expect((await client.post('/api/session/refresh', {}, { 'x-csrf-token': old })).status).toBe(
      403,
    );
    expect(
      (await client.post('/api/session/refresh', {}, { 'x-csrf-token': csrfToken })).status,
    ).toBe(200);
  });
});

describe('idle timeout (30 minutes, enforced by the server)', () => {
  it('keeps a session used within the window and ends one idle past it, logging session_timeout', async () => {
    const { client, userId } = await signedInClient(app);
    app.clock.advance(20 * MINUTE);
    expect((await client.get('/api/session/list')).status).toBe(200); // activity resets the clock
    app.clock.advance(20 * MINUTE);
    expect((await client.get('/api/session/list')).status).toBe(200);
    app.clock.advance(31 * MINUTE);
    const expired = await client.get('/api/session/list');
    expect(expired.status).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'SESSION_TIMEOUT' });
    expect((await client.loadSession()).user).toBeNull();
    const events = await securityEventsOf(app, userId);
    const timeout = events.find((e) => e.metadata.event === 'session_timeout');
    expect(timeout?.metadata.details).toMatchObject({
      last_activity: expect.any(String) as string,
    });
  });

  it('does not count reading the session info as activity', async () => {
    const { client } = await signedInClient(app);
    for (let i = 0; i < 3; i++) {
      app.clock.advance(9 * MINUTE);
      expect((await client.get('/api/session')).json()).toMatchObject({
        endedReason: null,
        user: {},
      });
    }
    app.clock.advance(4 * MINUTE);
    expect((await client.get('/api/session')).json()).toMatchObject({
      user: null,
      endedReason: 'session_timeout',
    });
  });

  it('logs a browser-detected timeout with the last activity time and ends the session', async () => {
    const { client, userId } = await signedInClient(app);
    const lastActivityAt = new Date().toISOString();
    const response = await client.post('/api/session/timeout', { lastActivityAt });
    expect(response.status).toBe(200);
    expect((await client.loadSession()).user).toBeNull();
    const events = await securityEventsOf(app, userId);
    expect(events[0]?.metadata).toMatchObject({
      event: 'session_timeout',
      details: { last_activity: lastActivityAt },
    });
  });
});

describe('absolute lifetime', () => {
  it('ends a session a week after sign-in even when it is used', async () => {
    const { client } = await signedInClient(app);
    let lastOk = 0;
    for (let hours = 0.4; hours <= 7 * 24 + 1; hours += 0.4) {
      app.clock.advance(0.4 * 60 * MINUTE);
      // Used every 24 minutes, so only the absolute lifetime can end it.
      if ((await client.get('/api/session/list')).status !== 200) break;
      lastOk = hours;
    }
    expect(lastOk).toBeGreaterThan(7 * 24 - 1);
    expect(lastOk).toBeLessThan(7 * 24);
  }, 120_000);
});

describe('session list and revoke', () => {
  it('lists the account sessions and revokes another one, whose cookie then fails', async () => {
    const first = await signedInClient(app);
    const second = new TestClient(app.app, '10.4.0.2', 'Second Browser');
    await second.post('/api/auth/sign-in', { email: first.email, password: first.password });
    await second.loadSession();
    const { sessions } = (await first.client.get('/api/session/list')).json<{
      sessions: { id: string; current: boolean; userAgent: string }[];
    }>();
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => !s.current);
    expect(other?.userAgent).toBe('Second Browser');
    expect((await first.client.request('DELETE', `/api/session/${other?.id ?? ''}`)).status).toBe(
      200,
    );
    expect((await second.get('/api/session/list')).status).toBe(401);
    // Someone else's session id answers 404.
    const stranger = await signedInClient(app);
    const mine =
      (await first.client.get('/api/session/list')).json<{ sessions: { id: string }[] }>()
        .sessions[0]?.id ?? '';
    expect((await stranger.client.request('DELETE', `/api/session/${mine}`)).status).toBe(404);
  });
});

describe('session info', () => {
  it('answers signed-out visitors with nulls', async () => {
    const response = await new TestClient(app.app, '10.4.0.9').get('/api/session');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      user: null,
      role: null,
      profile: null,
      isFirstTimeAdmin: false,
      csrfToken: null,
      idleTimeoutMinutes: 30,
    });
  });

  it("refuses a real session's token under a signature made with another secret", async () => {
    const { client } = await signedInClient(app);
    const real = decodeURIComponent(client.cookies.get('kaleido.session_token') ?? '');
    const token = real.slice(0, real.lastIndexOf('.'));
    const forged = createHmac('sha256', 'some-other-secret-some-other-secret!')
      .update(token)
      .digest('base64');
    const thief = new TestClient(app.app, '10.4.0.11');
    thief.cookies.set('kaleido.session_token', encodeURIComponent(`${token}.${forged}`));
    expect((await thief.loadSession()).user).toBeNull();
    thief.cookies.set('kaleido.session_token', encodeURIComponent(token));
    expect((await thief.loadSession()).user).toBeNull();
    expect((await client.loadSession()).user).not.toBeNull();
  });

  it('carries the avatar the user set, for every place that shows it', async () => {
    const { client } = await signedInClient(app);
    expect((await client.loadSession()).avatarUrl).toBeNull();
    const url = 'https://images.example.com/me.png';
    const saved = await client.request('PATCH', '/api/profile', {
      body: { field: 'avatar_url', value: url },
    });
    expect(saved.status).toBe(200);
    expect((await client.loadSession()).avatarUrl).toBe(url);
  });

  it('refuses a forged cookie', async () => {
    const client = new TestClient(app.app, '10.4.0.10');
    client.cookies.set('kaleido.session_token', 'made-up-token.signature');
    expect((await client.loadSession()).user).toBeNull();
  });
});
