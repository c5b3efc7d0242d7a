import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, waitForMail } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function mailsTo(to: string) {
  const { messages } = (await new TestClient(app.app, '127.0.0.1').get('/api/dev/mailbox')).json<{
    messages: { to: string; subject: string; text: string }[];
  }>();
  return messages.filter((m) => m.to === to && m.subject.startsWith('Kaleido: '));
}

describe('notification emails (Settings → Notifications → email_notifications)', () => {
  it('emails someone who is away, once per quarter hour, with a link into the app', async () => {
    const away = await signedInClient(app);
    app.clock.advance(11 * 60_000);
    await app.notifications.notify(away.userId, {
      type: 'voice',
      title: 'New voice note',
      message: 'Sam sent you "Morning walk".',
      link: '/app/voice-notes/inbox',
    });
    await app.notifications.notify(away.userId, {
      type: 'voice',
      title: 'New voice note',
      message: 'Sam sent you another.',
      link: '/app/voice-notes/inbox',
    });
    // The email is sent in the background: wait for it, then give a second one time to show.
    await waitForMail(app, away.email, 'Kaleido: ');
    await sleep(50);
    const mails = await mailsTo(away.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Kaleido: New voice note');
    expect(mails[0]?.text).toContain('http://kaleido.test/app/voice-notes/inbox');
  });

  it('does not email someone using the app right now', async () => {
    const here = await signedInClient(app);
    await app.notifications.notify(here.userId, { type: 'chat', title: 'Sam', message: 'Hello!' });
    await sleep(50);
    expect(await mailsTo(here.email)).toEqual([]);
  });

  it('does not email someone with the app open in a tab, however long since they clicked', async () => {
    const reading = await signedInClient(app);
    const socket = await TestSocket.open(await listen(app), reading.client);
    app.clock.advance(11 * 60_000);
    await app.notifications.notify(reading.userId, { type: 'chat', title: 'Sam', message: 'Hi' });
    await sleep(50);
    expect(await mailsTo(reading.email)).toEqual([]);
    socket.close();
  });

  it('does not email when the setting is off', async () => {
    const account = await signedInClient(app);
    const off = await account.client.request('PATCH', '/api/settings/notification_settings', {
      body: { email_notifications: false },
    });
    expect(off.status).toBe(200);
    app.clock.advance(11 * 60_000);
    await app.notifications.notify(account.userId, {
      type: 'chat',
      title: 'Sam',
      message: 'Hello!',
    });
    await sleep(50);
    expect(await mailsTo(account.email)).toEqual([]);
  });
});
