import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEventsOf, signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { totpFromUri } from '../../../test/totp';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function enrolled() {
  const account = await signedInClient(app);
  const enroll = await account.client.post('/api/auth/two-factor/enroll', {
    password: account.password,
  });
  expect(enroll.status).toBe(200);
  const { totpURI, recoveryCodes } = enroll.json<{ totpURI: string; recoveryCodes: string[] }>();
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Kaleido:/);
  expect(recoveryCodes.length).toBeGreaterThanOrEqual(8);
  const confirm = await account.client.post('/api/auth/two-factor/confirm', {
    code: totpFromUri(totpURI),
  });
  expect(confirm.status).toBe(200);
  await account.client.loadSession();
  return { ...account, totpURI, recoveryCodes };
}

describe('two-factor sign-in', () => {
  it('is off until a code confirms enrollment', async () => {
    const account = await signedInClient(app);
    await account.client.post('/api/auth/two-factor/enroll', { password: account.password });
    const signIn = await new TestClient(app.app, '10.6.0.1').post('/api/auth/sign-in', {
      email: account.email,
      password: account.password,
    });
    expect(signIn.json()).toEqual({ twoFactorRequired: false, firstSignIn: false });
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const { email, password, totpURI, userId } = await enrolled();
    const client = new TestClient(app.app, '10.6.0.2');
    const first = await client.post('/api/auth/sign-in', { email, password });
    expect(first.json()).toEqual({ twoFactorRequired: true, firstSignIn: false });
    expect((await client.loadSession()).user).toBeNull();

    const wrongCode = totpFromUri(totpURI) === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/auth/two-factor/verify', { code: wrongCode });
    expect(wrong.status).toBe(401);
    expect(wrong.json().message).toBe('That code is not correct. Please try again.');

    const malformed = await client.post('/api/auth/two-factor/verify', { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.json().message).toBe('Enter the 6-digit code from your authenticator app');

    const ok = await client.post('/api/auth/two-factor/verify', { code: totpFromUri(totpURI) });
    expect(ok.status).toBe(200);
    expect((await client.loadSession()).user?.email).toBe(email);
    const events = (await securityEventsOf(app, userId)).map((e) => e.metadata);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'user_login', details: { method: 'password+totp' } }),
    );
    expect(events.map((e) => e.event)).toContain('two_factor_enabled');
  });

  it('accepts a recovery code once', async () => {
    const { email, password, recoveryCodes } = await enrolled();
    const code = recoveryCodes[0] ?? '';
    const a = new TestClient(app.app, '10.6.0.3');
    await a.post('/api/auth/sign-in', { email, password });
    expect((await a.post('/api/auth/two-factor/recover', { code })).status).toBe(200);
    expect((await a.loadSession()).user?.email).toBe(email);

    const b = new TestClient(app.app, '10.6.0.4');
    await b.post('/api/auth/sign-in', { email, password });
    expect((await b.post('/api/auth/two-factor/recover', { code })).status).toBe(401);
  });

  it('is turned off only with the password', async () => {
    const { client, email, password } = await enrolled();
    const wrong = await client.post('/api/auth/two-factor/disable', {
      password: 'Wrong-Password-123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json().message).toBe('Your password is not correct.');
    expect((await client.post('/api/auth/two-factor/disable', { password })).status).toBe(200);
    const signIn = await new TestClient(app.app, '10.6.0.5').post('/api/auth/sign-in', {
      email,
      password,
    });
    expect(signIn.json()).toEqual({ twoFactorRequired: false, firstSignIn: false });
  });

  it('cannot be verified without a pending sign-in', async () => {
    const response = await new TestClient(app.app, '10.6.0.6').post('/api/auth/two-factor/verify', {
      code: '123456',
    });
    expect(response.status).toBe(401);
  });
});
