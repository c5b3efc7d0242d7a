import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
  securityEventsOf,
  STRONG_PASSWORD,
  signedInClient,
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

describe('sign-up', () => {
  it('sends a broken or reused verification link to the sign-in screen instead', async () => {
    const response = await new TestClient(app.app, '10.2.0.9').get(
      '/api/auth/verify-email?token=not-a-real-token',
    );
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/login?verification=invalid');
  });

  it('creates an unverified account with a profile and emails a verification link', async () => {
    const client = new TestClient(app.app, '10.2.0.1');
    const email = uniqueEmail();
    const response = await client.post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Ada Lovelace',
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ message: 'Please check your email to verify your account.' });

    const mail = await waitForMail(app, email, 'Confirm');
    const link = linkIn(mail.text);
    expect(link.origin).toBe('http://kaleido.test');
    expect(link.pathname).toBe('/api/auth/verify-email');

    const blocked = await client.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const verify = await client.get(link.pathname + link.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.location).toBe('/?verified=1');

    const signIn = await client.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    const session = await client.loadSession();
    expect(
      (await securityEventsOf(app, session.user?.id ?? '')).map((e) => e.metadata.event),
    ).toEqual(expect.arrayContaining(['email_verified', 'user_login']));
    expect(session).toMatchObject({
      user: { email },
      role: 'user',
      profile: { fullName: 'Ada Lovelace', email, selectedInterface: null },
    });
  });

  it('answers the same for an email that already has an account, and tells its owner', async () => {
    const { email } = await signedInClient(app);
    const client = new TestClient(app.app, '10.2.0.2');
    const fresh = await client.post('/api/auth/sign-up', {
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      fullName: 'New Person',
    });
    const taken = await client.post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Impostor',
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.json()).toEqual(fresh.json());
    await waitForMail(app, email, 'Someone tried to sign up');
  });

  it.each([
    [
      { email: 'not-an-email', password: STRONG_PASSWORD, fullName: 'A' },
      'Please enter a valid email address',
    ],
    [
      { email: `${'a'.repeat(250)}@x.co`, password: STRONG_PASSWORD, fullName: 'A' },
      'Email address is too long',
    ],
    [
      { email: 'a@b.co', password: 'Short1!', fullName: 'A' },
      'Password must be at least 12 characters long',
    ],
    [
      { email: 'a@b.co', password: 'lowercase-only-123', fullName: 'A' },
      'Password must contain at least one uppercase letter',
    ],
    [
      { email: 'a@b.co', password: 'UPPERCASE-ONLY-123', fullName: 'A' },
      'Password must contain at least one lowercase letter',
    ],
    [
      { email: 'a@b.co', password: 'No-Numbers-Here!', fullName: 'A' },
      'Password must contain at least one number',
    ],
    [
      { email: 'a@b.co', password: 'NoSpecials12345', fullName: 'A' },
      'Password must contain at least one special character',
    ],
    [
      { email: '', password: '', fullName: 'A' },
      'You must provide either an email or phone number and a password',
    ],
    [{ email: 'bad', password: 'bad', fullName: 'A' }, 'Please enter a valid email address'],
  ])('rejects %j with the spec message', async (body, message) => {
    const response = await new TestClient(app.app, '10.2.0.3').post('/api/auth/sign-up', body);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ message, requestId: expect.any(String) as string });
  });
});
