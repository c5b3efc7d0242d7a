import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
  signedInClient,
  STRONG_PASSWORD,
  waitForMail,
} from '../../../test/fixtures/accounts-fixtures';
import { TestClient, type TestResponse } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { totpFromUri } from '../../../test/totp';

// Issue 16, items 3, 4 and 9: the lock on wrong passwords.
const LOCKED =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes or reset your password.';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function expectLocked(response: TestResponse) {
  expect(response.status).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: LOCKED });
  return Number(response.headers['retry-after']);
}

async function wrongSignIns(email: string, ip: string, times: number) {
  const client = new TestClient(app.app, ip);
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push(
      (await client.post('/api/auth/sign-in', { email, password: `Wrong-Password-${i}` })).status,
    );
  return statuses;
}

async function resetPassword(email: string, ip: string, newPassword: string) {
  const client = new TestClient(app.app, ip);
  expect((await client.post('/api/auth/request-password-reset', { email })).status).toBe(200);
  const token = linkIn((await waitForMail(app, email, 'Reset')).text).searchParams.get('token');
  const reset = await client.post('/api/auth/reset-password', { token, password: newPassword });
  expect(reset.status).toBe(200);
}

describe('the lock on wrong passwords', () => {
  it('holds against 60 wrong passwords sent at once: at most 10 are checked, the rest get 429', async () => {
    const { email } = await signedInClient(app);
    const attacker = new TestClient(app.app, '10.30.0.1');
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attacker.post('/api/auth/sign-in', { email, password: `Wrong-Password-${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const locked of responses.filter((r) => r.status === 429)) expectLocked(locked);
  });

  it('locks the source, not the owner: 10 wrong from A lock A, the owner at B still signs in', async () => {
    const { email, password } = await signedInClient(app);
    expect(await wrongSignIns(email, '10.31.0.1', 10)).toEqual(Array(10).fill(401));
    const fromA = new TestClient(app.app, '10.31.0.1');
    // Even the right password, from the locked source.
    expectLocked(await fromA.post('/api/auth/sign-in', { email, password }));
    const owner = new TestClient(app.app, '10.31.0.2');
    expect((await owner.post('/api/auth/sign-in', { email, password })).status).toBe(200);
  });

  it('ends the lock with a completed password reset: the new password works at once', async () => {
    const { email } = await signedInClient(app);
    await wrongSignIns(email, '10.32.0.1', 10);
    const fromA = new TestClient(app.app, '10.32.0.1');
    expectLocked(await fromA.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD }));
    const newPassword = 'Another-Horse-57-Staple';
    await resetPassword(email, '10.32.0.1', newPassword);
    expect((await fromA.post('/api/auth/sign-in', { email, password: newPassword })).status).toBe(
      200,
    );
  });

  it('has a ceiling over all sources (100 in 15 minutes), which a reset also lifts', async () => {
    const { email } = await signedInClient(app);
    // Ten sources, ten wrong each: none is locked on its own, the account as a whole is.
    for (let source = 0; source < 10; source++)
      expect(await wrongSignIns(email, `10.33.${source}.1`, 10)).toEqual(Array(10).fill(401));
    const elsewhere = new TestClient(app.app, '10.33.99.1');
    expectLocked(await elsewhere.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD }));
    const newPassword = 'Ceiling-Horse-61-Staple';
    await resetPassword(email, '10.33.99.1', newPassword);
    expect(
      (await elsewhere.post('/api/auth/sign-in', { email, password: newPassword })).status,
    ).toBe(200);
  }, 120_000);

  it('backs off exponentially: the second lockout of a source lasts twice as long', async () => {
    const { email, password } = await signedInClient(app);
    await wrongSignIns(email, '10.34.0.1', 10);
    const fromA = new TestClient(app.app, '10.34.0.1');
    const first = expectLocked(await fromA.post('/api/auth/sign-in', { email, password }));
    expect(first).toBeGreaterThan(14 * 60);
    expect(first).toBeLessThanOrEqual(15 * 60);
    app.clock.advance(15 * 60_000 + 1000);
    expect(await wrongSignIns(email, '10.34.0.1', 10)).toEqual(Array(10).fill(401));
    const second = expectLocked(await fromA.post('/api/auth/sign-in', { email, password }));
    expect(second).toBeGreaterThan(29 * 60);
    expect(second).toBeLessThanOrEqual(30 * 60);
    app.clock.advance(30 * 60_000 + 1000);
    expect((await fromA.post('/api/auth/sign-in', { email, password })).status).toBe(200);
  });

  it('is lifted by a verified second factor', async () => {
    const account = await signedInClient(app, { ip: '10.35.0.1' });
    const enroll = await account.client.post('/api/auth/two-factor/enroll', {
      password: account.password,
    });
    const { totpURI } = enroll.json<{ totpURI: string }>();
    expect(
      (await account.client.post('/api/auth/two-factor/confirm', { code: totpFromUri(totpURI) }))
        .status,
    ).toBe(200);
    // A stranger, one short of locking their source.
    await wrongSignIns(account.email, '10.35.0.3', 9);
    const owner = new TestClient(app.app, '10.35.0.2');
    const signIn = await owner.post('/api/auth/sign-in', {
      email: account.email,
      password: account.password,
    });
    expect(signIn.json()).toEqual({ twoFactorRequired: true, firstSignIn: false });
    expect(
      (await owner.post('/api/auth/two-factor/verify', { code: totpFromUri(totpURI) })).status,
    ).toBe(200);
    // The stranger's count is gone: ten more wrong before their source locks again.
    expect(await wrongSignIns(account.email, '10.35.0.3', 10)).toEqual(Array(10).fill(401));
  });
});

// Probe N12: ten wrong from each of a handful of addresses locked any account, its owner's right
// password included. The ceiling now spares a browser that signed in before (a device cookie) and
// the right password of an account with a second factor.
describe('the ceiling over all sources never locks out the owner', () => {
  async function pushOverCeiling(email: string, net: number) {
    for (let source = 0; source < 10; source++)
      expect(await wrongSignIns(email, `10.${net}.${source}.1`, 10)).toEqual(Array(10).fill(401));
  }

  it('lets in a browser that signed in to the account before; a new browser waits', async () => {
    const owner = await signedInClient(app, { ip: '10.37.99.1' });
    expect(owner.client.cookies.has('kaleido.device')).toBe(true);
    await pushOverCeiling(owner.email, 37);
    const credentials = { email: owner.email, password: owner.password };
    expectLocked(
      await new TestClient(app.app, '10.37.99.2').post('/api/auth/sign-in', credentials),
    );
    // The owner's browser, from wherever it is now.
    const travelling = new TestClient(app.app, '10.37.98.1');
    travelling.cookies.set('kaleido.device', owner.client.cookies.get('kaleido.device') ?? '');
    expect((await travelling.post('/api/auth/sign-in', credentials)).status).toBe(200);
    // A token altered or made for another account is no device of this one.
    const stranger = await signedInClient(app, { ip: '10.37.97.1' });
    const forged = new TestClient(app.app, '10.37.97.2');
    forged.cookies.set('kaleido.device', stranger.client.cookies.get('kaleido.device') ?? '');
    expectLocked(await forged.post('/api/auth/sign-in', credentials));
    const tampered = (owner.client.cookies.get('kaleido.device') ?? '').replace(/.$/, (c) =>
      c === 'A' ? 'B' : 'A',
    );
    forged.cookies.set('kaleido.device', tampered);
    expectLocked(await forged.post('/api/auth/sign-in', credentials));
    // The recognised browser has a lock of its own: ten wrong, then it waits too.
    for (let i = 0; i < 10; i++)
      expect(
        (await travelling.post('/api/auth/sign-in', { ...credentials, password: `Wrong-${i}-Aa!` }))
          .status,
      ).toBe(401);
    expectLocked(await travelling.post('/api/auth/sign-in', credentials));
  }, 180_000);

  it('checks the password of an account with a second factor: right → the code, wrong → 429', async () => {
    const account = await signedInClient(app, { ip: '10.38.99.1' });
    const enroll = await account.client.post('/api/auth/two-factor/enroll', {
      password: account.password,
    });
    const { totpURI } = enroll.json<{ totpURI: string }>();
    expect(
      (await account.client.post('/api/auth/two-factor/confirm', { code: totpFromUri(totpURI) }))
        .status,
    ).toBe(200);
    await pushOverCeiling(account.email, 38);
    // A new browser (no device cookie) on a new address.
    const owner = new TestClient(app.app, '10.38.99.2');
    expectLocked(
      await owner.post('/api/auth/sign-in', { email: account.email, password: 'Wrong-Guess-1A!' }),
    );
    const signIn = await owner.post('/api/auth/sign-in', {
      email: account.email,
      password: account.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.json()).toEqual({ twoFactorRequired: true, firstSignIn: false });
    expect(
      (await owner.post('/api/auth/two-factor/verify', { code: totpFromUri(totpURI) })).status,
    ).toBe(200);
  }, 180_000);
});

describe('password checks behind a session count toward the same lock', () => {
  it('change-password, two-factor enroll and disable: 429 after the limit, and sign-in from there too', async () => {
    const { client, email, password } = await signedInClient(app, { ip: '10.36.0.1' });
    const wrong = 'Not-My-Password-99';
    for (let i = 0; i < 4; i++) {
      const response = await client.post('/api/auth/change-password', {
        currentPassword: wrong,
        newPassword: 'Fresh-Horse-77-Staple',
      });
      expect(response.json()).toMatchObject({ message: 'Your current password is not correct.' });
    }
    for (let i = 0; i < 3; i++)
      expect(
        (await client.post('/api/auth/two-factor/enroll', { password: wrong })).json(),
      ).toMatchObject({ message: 'Your password is not correct.' });
    for (let i = 0; i < 3; i++)
      expect(
        (await client.post('/api/auth/two-factor/disable', { password: wrong })).json(),
      ).toMatchObject({ message: 'Your password is not correct.' });
    // Ten wrong: the right password is refused too, on every path, from this source.
    expectLocked(await client.post('/api/auth/two-factor/enroll', { password }));
    expectLocked(await client.post('/api/auth/two-factor/disable', { password }));
    expectLocked(
      await client.post('/api/auth/change-password', {
        currentPassword: password,
        newPassword: 'Fresh-Horse-77-Staple',
      }),
    );
    expectLocked(
      await new TestClient(app.app, '10.36.0.1').post('/api/auth/sign-in', { email, password }),
    );
  });

  it('account deletion: wrong passwords count too, and the locked account is not deleted', async () => {
    const { client, email, password } = await signedInClient(app, { ip: '10.38.0.1' });
    for (let i = 0; i < 10; i++)
      expect(
        (await client.post('/api/account/delete', { password: `Not-My-Password-${i}` })).json(),
      ).toMatchObject({ message: 'Your password is not correct.' });
    expectLocked(await client.post('/api/account/delete', { password }));
    expectLocked(
      await new TestClient(app.app, '10.38.0.1').post('/api/auth/sign-in', { email, password }),
    );
    // Still there: the owner signs in from another place.
    const owner = new TestClient(app.app, '10.38.0.2');
    expect((await owner.post('/api/auth/sign-in', { email, password })).status).toBe(200);
  });

  it('a right password takes its attempt back', async () => {
    const { client, email, password } = await signedInClient(app, { ip: '10.37.0.1' });
    await wrongSignIns(email, '10.37.0.1', 9);
    expect((await client.post('/api/auth/two-factor/enroll', { password })).status).toBe(200);
    // The nine wrong ones were forgiven with it (the owner proved the password from here).
    expect(await wrongSignIns(email, '10.37.0.1', 10)).toEqual(Array(10).fill(401));
  });
});
