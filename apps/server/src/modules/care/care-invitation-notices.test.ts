import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { setRole, waitForMail } from '../../../test/fixtures/accounts-fixtures';
import { awaitInvitation, confirmEthicalUse, invite } from '../../../test/fixtures/care-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function professional(name: string) {
  const pro = await person(app, name);
  await setRole(app, pro.userId, 'client');
  await confirmEthicalUse(pro);
  return pro;
}

async function bell(who: Person) {
  const response = await who.client.get('/api/notifications');
  expect(response.status).toBe(200);
  return response.json<{ notifications: Notification[] }>().notifications;
}

async function mailsTo(to: string) {
  const { messages } = (await new TestClient(app.app, '127.0.0.1').get('/api/dev/mailbox')).json<{
    messages: { to: string; subject: string; text: string }[];
  }>();
  return messages.filter((m) => m.to === to && m.subject.startsWith('Kaleido: '));
}

describe('an invitation reaches the invited side', () => {
  it('a person invited by a professional finds it in the bell, leading to the dashboard, and by mail when away', async () => {
    const carl = await professional('Carl Coach');
    const maya = await person(app, 'Maya Okafor');
    // Maya has not used the app for a while: the bell waits for her, and mail tells her.
    app.clock.advance(11 * 60_000);
    await invite(carl, maya.email, 'professional');
    // Looked at before Maya opens the app (any request of hers would make her present).
    await app.jobs.settled();
    const mail = await waitForMail(app, maya.email, 'Invitation from Carl Coach');
    expect(mail.text).toContain('Carl Coach invited you to work together in Kaleido.');
    expect(mail.text).toContain('http://kaleido.test/app/dashboard');
    expect(await bell(maya)).toEqual([
      expect.objectContaining({
        title: 'Invitation from Carl Coach',
        message:
          'Carl Coach invited you to work together as your professional. Accept or decline on your dashboard.',
        link: '/app/dashboard',
        read: false,
      }),
    ]);
    await awaitInvitation(maya, carl);
    // The inviter hears nothing of it (decision 045: nothing says who uses an address).
    expect(await bell(carl)).toEqual([]);
  });

  it('a professional asked by a person finds it in the bell, leading to their requests', async () => {
    const dana = await professional('Dana Reyes');
    const olive = await person(app, 'Olive Owner');
    await invite(olive, dana.email, 'person');
    await awaitInvitation(dana, olive);
    expect(await bell(dana)).toEqual([
      expect.objectContaining({
        title: 'Request from Olive Owner',
        link: '/client/requests',
      }),
    ]);
  });

  it('mails nobody whose email notifications are off; the bell still has it', async () => {
    const carl = await professional('Carl Quiet');
    const sam = await person(app, 'Sam Silent');
    const off = await sam.client.request('PATCH', '/api/settings/notification_settings', {
      body: { email_notifications: false },
    });
    expect(off.status).toBe(200);
    app.clock.advance(11 * 60_000);
    await invite(carl, sam.email, 'professional');
    await app.jobs.settled();
    await sleep(50);
    expect((await bell(sam)).map((n) => n.title)).toEqual(['Invitation from Carl Quiet']);
    expect(await mailsTo(sam.email)).toEqual([]);
  });

  it('tells nobody when no account uses the address', async () => {
    const carl = await professional('Carl Nobody');
    await invite(carl, 'nobody-here@example.test', 'professional');
    await app.jobs.settled();
    expect(await mailsTo('nobody-here@example.test')).toEqual([]);
  });
});
