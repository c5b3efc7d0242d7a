import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
  setRole,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMail,
} from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { ConfigError, loadConfig, outboxAccessOf } from '../../config/env';

// Without SMTP_URL every message lands in the outbox, shown at /dev/mailbox.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function signUp(email: string, fullName: string) {
  const client = new TestClient(app.app, '10.8.0.1');
  const response = await client.post('/api/auth/sign-up', {
    email,
    password: STRONG_PASSWORD,
    fullName,
  });
  expect(response.status).toBe(200);
  return linkIn((await waitForMail(app, email, 'Confirm')).text).toString();
}

describe('/dev/mailbox', () => {
  it('lists messages newest first with recipient, subject and clickable links', async () => {
    const older = uniqueEmail('older');
    const olderLink = await signUp(older, 'Older Person');
    const newer = uniqueEmail('newer');
    const newerLink = await signUp(newer, 'Newer Person');

    const page = await new TestClient(app.app, '127.0.0.1').get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    const newerAt = html.indexOf(`To <strong>${newer}</strong>`);
    const olderAt = html.indexOf(`To <strong>${older}</strong>`);
    expect(newerAt).toBeGreaterThan(-1);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(html.slice(0, newerAt)).toContain('<h2>Confirm your email for Kaleido</h2>');
    // The page escapes HTML, so links are shown with &amp; where a query has several fields.
    const href = (link: string) => `<a href="${link.replaceAll('&', '&amp;')}">`;
    expect(html.indexOf(href(newerLink))).toBeGreaterThan(newerAt);
    expect(html.indexOf(href(olderLink))).toBeGreaterThan(olderAt);

    // Its stylesheet is served too (the CSP forbids inline styles).
    const css = await new TestClient(app.app, '127.0.0.1').get('/dev/mailbox.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('shows what people typed as text, not markup', async () => {
    const email = uniqueEmail('markup');
    await signUp(email, '<img src=x onerror=alert(1)>');
    const html = (await new TestClient(app.app, '::1').get('/dev/mailbox')).body;
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).not.toContain('<img');
  });
});

describe('who may read the local outbox (it holds every reset link)', () => {
  const refused =
    'The local mailbox can only be read from this machine (127.0.0.1). Admins see that mail went out in the console.';

  it('refuses a signed-out visitor from another machine, whatever X-Forwarded-For says', async () => {
    // The probe's takeover: ask for a reset link, read it from the outbox.
    const { email } = await signedInClient(app);
    const stranger = new TestClient(app.app, '203.0.113.7');
    await stranger.post('/api/auth/request-password-reset', { email });
    for (const path of ['/api/dev/mailbox', '/dev/mailbox']) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const response = await stranger.get(path, headers);
        expect(response.status).toBe(403);
        expect(response.json()).toMatchObject({ message: refused, code: 'FORBIDDEN' });
        expect(response.body).not.toContain(email);
      }
    }
  });

  it('takes the peer address even when TRUST_PROXY believes X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const viaHeader = await new TestClient(proxied.app, '203.0.113.8').get('/api/dev/mailbox', {
        'x-forwarded-for': '127.0.0.1',
      });
      expect(viaHeader.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a signed-in person from another machine, admins included (probe N3)', async () => {
    const person = await signedInClient(app, { ip: '203.0.113.9' });
    expect((await person.client.get('/api/dev/mailbox')).status).toBe(403);
    expect((await person.client.get('/dev/mailbox')).status).toBe(403);
    await setRole(app, person.userId, 'admin');
    for (const path of ['/api/dev/mailbox', '/dev/mailbox']) {
      const response = await person.client.get(path);
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ message: refused, code: 'FORBIDDEN' });
      expect(response.body).not.toContain(person.email);
    }
  });

  it('does not exist in production: without SMTP_URL the server refuses to start', async () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://kaleido.example' };
    expect(() => outboxAccessOf(loadConfig(base))).toThrow(ConfigError);
    expect(() => outboxAccessOf(loadConfig(base))).toThrow(/Set SMTP_URL=smtp:\/\//);
    // It stops before opening the database or listening.
    await expect(buildApp({ config: loadConfig(base) })).rejects.toThrow(
      /SMTP_URL is required when NODE_ENV=production/,
    );
    // MAIL_OUTBOX=admin showed every reset link to admins: removed, and said so (decision 041).
    for (const env of [{ ...base, MAIL_OUTBOX: 'admin' }, { MAIL_OUTBOX: 'admin' }])
      expect(() => outboxAccessOf(loadConfig(env))).toThrow(/MAIL_OUTBOX was removed/);
    expect(outboxAccessOf(loadConfig({ ...base, SMTP_URL: 'smtp://mail.example:587' }))).toBe(
      'none',
    );
    // What `npm start` runs in, with no configuration at all.
    expect(outboxAccessOf(loadConfig({}))).toBe('local');
  });
});
