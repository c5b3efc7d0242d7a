import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, OutboxPage } from '@kaleido/shared/admin/admin.schemas';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { waitForMail } from '../../../test/fixtures/accounts-fixtures';
import { person, sent, startConversation, type Person } from '../../../test/fixtures/chat-fixtures';
import { selectInterface } from '../../../test/fixtures/profile.fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 24 item 3 (probe N3): admins never read content. The probe's admin read a chat message
// in the notification mail, and a reset token it then used to take the account over.
let app: TestApp;
let admin: Person;
beforeAll(async () => {
  app = await createTestApp();
  admin = await consoleAdmin(app);
});
afterAll(async () => {
  await app.close();
});

const CHAT_SECRET = 'ZQCHAT2E my therapist says I relapsed last night';

async function consoleOutbox(who: Person) {
  const response = await who.client.get('/api/admin/outbox');
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response;
}

describe('notification mail carries no one’s words', () => {
  it('says who wrote a chat message, never what', async () => {
    const [alice, eve] = await Promise.all([person(app, 'Alice Owner'), person(app, 'Eve Away')]);
    const { id } = await startConversation(alice, eve);
    app.clock.advance(11 * 60_000); // Eve is away, so she is emailed
    await sent(alice, id, CHAT_SECRET);
    const mail = await waitForMail(app, eve.email, 'Kaleido: ');
    expect(mail.subject).toBe('Kaleido: Alice Owner');
    expect(mail.text).toContain('Alice Owner sent you a message.');
    expect(mail.text).not.toContain('ZQCHAT2E');
    // The bell in the app still shows the preview: it is Eve's own.
    const bell = await eve.client.get('/api/notifications');
    expect(bell.body).toContain('ZQCHAT2E');
  });

  it('sends a generic line when the notifier gives none (a voice note title is not mailed)', async () => {
    const away = await person(app, 'Vera Voice');
    app.clock.advance(11 * 60_000);
    await app.notifications.notify(away.userId, {
      type: 'voice',
      title: 'New voice note',
      message: 'Sam sent you "ZQTITLE my diagnosis".',
    });
    const mail = await waitForMail(app, away.email, 'Kaleido: ');
    expect(mail.text).toContain('You have a new notification in Kaleido.');
    expect(mail.text).not.toContain('ZQTITLE');
  });
});

describe('the console’s outbox', () => {
  it('shows that mail went out, to whom and of which kind, never a body or a token', async () => {
    const victim = await person(app, 'Victim Person');
    const stranger = new TestClient(app.app, '203.0.113.40');
    await stranger.post('/api/auth/request-password-reset', { email: victim.email });
    const reset = await waitForMail(app, victim.email, 'Reset your Kaleido password');
    const token = new URL(/https?:\/\/\S+/.exec(reset.text)?.[0] ?? '').searchParams.get('token');
    expect(token).toBeTruthy();

    const page = (await consoleOutbox(admin)).json<OutboxPage>();
    expect(page.mode).toBe('outbox');
    const kinds = page.messages.filter((m) => m.to === victim.email).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['password-reset', 'verification']));
    for (const message of page.messages)
      expect(Object.keys(message).sort()).toEqual(['createdAt', 'id', 'kind', 'to']);
    const body = JSON.stringify(page);
    expect(body).not.toContain(token ?? '');
    expect(body).not.toContain('token=');
    expect(body).not.toContain('ZQCHAT2E');
    expect(body).not.toContain('Reset your Kaleido password');
  });

  it('records every read in the audit log, even with the audit log switched off', async () => {
    const off = await admin.client.request('PATCH', '/api/admin/settings', {
      body: { system: { audit_logs: false } },
    });
    expect(off.status).toBe(200);
    try {
      await consoleOutbox(admin);
      await consoleOutbox(admin);
    } finally {
      await admin.client.request('PATCH', '/api/admin/settings', {
        body: { system: { audit_logs: true } },
      });
    }
    const audit = (
      await admin.client.get(`/api/admin/audit?action=admin.outbox_read&userId=${admin.userId}`)
    ).json<AuditPage>();
    expect(audit.total).toBeGreaterThanOrEqual(2);
    expect(audit.entries[0]).toMatchObject({
      action: 'admin.outbox_read',
      actorEmail: admin.email,
      details: { shown: expect.any(Number) as number },
    });
  });

  it('answers only admins in the admin interface (the console’s gate)', async () => {
    const elsewhere = await consoleAdmin(app, 'Admin Elsewhere');
    await selectInterface(elsewhere.client, 'user');
    expect((await elsewhere.client.get('/api/admin/outbox')).status).toBe(404);
    const user = await person(app, 'Plain User');
    expect((await user.client.get('/api/admin/outbox')).status).toBe(404);
    expect((await new TestClient(app.app, '203.0.113.41').get('/api/admin/outbox')).status).toBe(
      401,
    );
  });

  it('leaves the whole mails to this machine in development: an admin elsewhere is refused', async () => {
    for (const path of ['/api/dev/mailbox', '/dev/mailbox']) {
      const response = await admin.client.get(path);
      expect(response.status).toBe(403);
      expect(response.body).not.toContain('token=');
    }
  });
});
