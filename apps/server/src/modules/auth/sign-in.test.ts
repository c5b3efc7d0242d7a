import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  securityEventsOf,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMail,
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

describe('sign-in', () => {
  it('sets an httpOnly SameSite=Lax session cookie and logs user_login in the spec shape', async () => {
    const { client, email, password, userId } = await signedInClient(app);
    const again = new TestClient(app.app, '10.3.0.1', 'Mozilla/5.0 test-agent');
    const response = await again.post('/api/auth/sign-in', { email, password });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ twoFactorRequired: false, firstSignIn: false });
    const cookie = [response.headers['set-cookie']]
      .flat()
      .find((c) => String(c).startsWith('kaleido.session_token='));
    expect(String(cookie)).toMatch(/HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
    // A new token at every sign-in.
    expect(again.cookies.get('kaleido.session_token')).not.toBe(
      client.cookies.get('kaleido.session_token'),
    );

    const events = await securityEventsOf(app, userId);
    const login = events.find(
      (e) =>
        e.metadata.event === 'user_login' && e.metadata.user_agent === 'Mozilla/5.0 test-agent',
    );
    expect(login).toMatchObject({ consentType: 'security_event', granted: true });
    expect(login?.metadata).toMatchObject({
      event: 'user_login',
      timestamp: expect.any(String) as string,
      details: { method: 'password' },
    });
  });

  it("tells the account's first sign-in from the later ones, so the first is not a welcome back", async () => {
    const { email, password, firstSignIn } = await signedInClient(app);
    expect(firstSignIn).toBe(true);
    const later = await new TestClient(app.app, '10.3.0.4').post('/api/auth/sign-in', {
      email,
      password,
    });
    expect(later.json()).toEqual({ twoFactorRequired: false, firstSignIn: false });
  });

  it('answers the same for a wrong password and an unknown email, and logs the failure for the account', async () => {
    const { email, userId } = await signedInClient(app);
    const client = new TestClient(app.app, '10.3.0.2');
    const wrong = await client.post('/api/auth/sign-in', { email, password: 'Wrong-Password-123' });
    const unknown = await client.post('/api/auth/sign-in', {
      email: uniqueEmail('nobody'),
      password: 'Wrong-Password-123',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const { requestId: _a, ...wrongBody } = wrong.json();
    const { requestId: _b, ...unknownBody } = unknown.json();
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody.message).toBe('Invalid email or password');
    const events = await securityEventsOf(app, userId);
    expect(events.some((e) => e.metadata.event === 'sign_in_failed')).toBe(true);
  });

  it('asks for both an email and a password with the spec message', async () => {
    const client = new TestClient(app.app, '10.3.0.3');
    for (const body of [
      { email: '', password: '' },
      { email: 'a@b.co', password: '' },
      { email: '', password: 'x' },
      {},
    ]) {
      const response = await client.post('/api/auth/sign-in', body);
      expect(response.status).toBe(400);
      expect(response.json().message).toBe(
        'You must provide either an email or phone number and a password',
      );
    }
  });

  it('matches the email case-insensitively', async () => {
    const { email, password } = await signedInClient(app);
    const response = await new TestClient(app.app, '10.3.0.4').post('/api/auth/sign-in', {
      email: email.toUpperCase(),
      password,
    });
    expect(response.status).toBe(200);
  });

  it('refuses an unverified account with a clear message and sends a fresh link', async () => {
    const email = uniqueEmail('unverified');
    const client = new TestClient(app.app, '10.3.0.5');
    await client.post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Not Yet',
    });
    // The account is made after the answer (N13); its verification mail says it exists.
    await waitForMail(app, email, 'Confirm');
    const response = await client.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Please verify your email before signing in. We have sent you a new verification link.',
    });
  });
});

describe('sign-out', () => {
  it('ends the session: the old cookie is refused everywhere and user_logout is logged', async () => {
    const { client, userId } = await signedInClient(app);
    const stolenCookie = client.cookies.get('kaleido.session_token') ?? '';
    const out = await client.post('/api/auth/sign-out');
    expect(out.status).toBe(200);

    const replay = new TestClient(app.app, '10.3.0.6');
    replay.cookies.set('kaleido.session_token', stolenCookie);
    expect((await replay.loadSession()).user).toBeNull();
    expect((await replay.get('/api/session/list')).status).toBe(401);
    const events = await securityEventsOf(app, userId);
    expect(events[0]?.metadata.event).toBe('user_logout');
  });

  it('needs a session', async () => {
    const response = await new TestClient(app.app, '10.3.0.7').post('/api/auth/sign-out');
    expect(response.status).toBe(401);
  });
});
