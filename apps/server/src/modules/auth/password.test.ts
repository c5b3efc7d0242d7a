import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
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

const NEW_PASSWORD = 'Brand-New-Passphrase-77';

async function requestResetLink(email: string) {
  const client = new TestClient(app.app, '10.5.0.1');
  const response = await client.post('/api/auth/request-password-reset', { email });
  expect(response.status).toBe(200);
  const mail = await waitForMail(app, email, 'Reset');
  return linkIn(mail.text);
}

describe('password reset', () => {
  it('answers identically whether or not the account exists', async () => {
    const { email } = await signedInClient(app);
    const client = new TestClient(app.app, '10.5.0.2');
    const known = await client.post('/api/auth/request-password-reset', { email });
    const unknown = await client.post('/api/auth/request-password-reset', {
      email: uniqueEmail('ghost'),
    });
    expect(known.status).toBe(unknown.status);
    expect(known.json()).toEqual({
      message: 'If an account exists, a reset link has been sent to your email.',
    });
    expect(unknown.json()).toEqual(known.json());
  });

  it('emails a link to /auth/reset-password on PUBLIC_URL that resets once, signs out old sessions and logs both events', async () => {
    const { client, email, userId } = await signedInClient(app);
    const link = await requestResetLink(email);
    expect(`${link.origin}${link.pathname}`).toBe('http://kaleido.test/auth/reset-password');
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const reset = await new TestClient(app.app, '10.5.0.3').post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    // The old session is gone.
    expect((await client.get('/api/session/list')).status).toBe(401);
    // The link works once.
    const again = await new TestClient(app.app, '10.5.0.3').post('/api/auth/reset-password', {
      token,
      password: 'Another-Passphrase-88',
    });
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This reset link has expired or was already used. Please request a new one.',
    });

    const signIn = await new TestClient(app.app, '10.5.0.4').post('/api/auth/sign-in', {
      email,
      password: NEW_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const events = (await securityEventsOf(app, userId)).map((e) => e.metadata.event);
    expect(events).toContain('password_reset_requested');
    expect(events).toContain('password_reset_completed');
  });

  it('applies the password rules to the new password', async () => {
    const { email } = await signedInClient(app);
    const token = (await requestResetLink(email)).searchParams.get('token') ?? '';
    const weak = await new TestClient(app.app, '10.5.0.5').post('/api/auth/reset-password', {
      token,
      password: 'weakpassword',
    });
    expect(weak.status).toBe(400);
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter');
  });

  it('refuses a link older than 15 minutes', async () => {
    const { email } = await signedInClient(app);
    const token = (await requestResetLink(email)).searchParams.get('token') ?? '';
    // better-auth stamps the token with the wall clock, so age it in the database.
    await app.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${token}`}`,
    );
    const late = await new TestClient(app.app, '10.5.0.6').post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('needs an email', async () => {
    const response = await new TestClient(app.app, '10.5.0.7').post(
      '/api/auth/request-password-reset',
      { email: '   ' },
    );
    expect(response.status).toBe(400);
    expect(response.json().message).toBe('Email is required');
  });
});

describe('change password', () => {
  it('needs the current password, signs out the other sessions but keeps this one, and logs password_changed', async () => {
    const first = await signedInClient(app);
    const other = new TestClient(app.app, '10.5.1.2', 'Other Browser');
    await other.post('/api/auth/sign-in', { email: first.email, password: first.password });
    await other.loadSession();

    const wrong = await first.client.post('/api/auth/change-password', {
      currentPassword: 'Not-The-Password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not correct.');

    const weak = await first.client.post('/api/auth/change-password', {
      currentPassword: first.password,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 12 characters long');

    const changed = await first.client.post('/api/auth/change-password', {
      currentPassword: first.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await other.get('/api/session/list')).status).toBe(401);
    const mine = await first.client.loadSession();
    expect(mine.user?.email).toBe(first.email);

    expect(
      (
        await new TestClient(app.app, '10.5.1.3').post('/api/auth/sign-in', {
          email: first.email,
          password: STRONG_PASSWORD,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await new TestClient(app.app, '10.5.1.3').post('/api/auth/sign-in', {
          email: first.email,
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect((await securityEventsOf(app, first.userId)).map((e) => e.metadata.event)).toContain(
      'password_changed',
    );
    await waitForMail(app, first.email, 'password was changed');
  });
});
