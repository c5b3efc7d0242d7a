import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, STRONG_PASSWORD, uniqueEmail, waitForMail } from '../../../test/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

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

    const page = await new TestClient(app.app, '10.8.0.2').get('/dev/mailbox');
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
    const css = await new TestClient(app.app, '10.8.0.2').get('/dev/mailbox.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('shows what people typed as text, not markup', async () => {
    const email = uniqueEmail('markup');
    await signUp(email, '<img src=x onerror=alert(1)>');
    const html = (await new TestClient(app.app, '10.8.0.3').get('/dev/mailbox')).body;
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).not.toContain('<img');
  });
});
