import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@kaleido/shared/admin/admin.schemas';
import type { UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import type { MailMessage } from '@kaleido/shared/email/email.schemas';
import { DIRECTORY_MESSAGES } from '@kaleido/shared/users/directory.schemas';
import { consoleAdmin } from '../../../test/fixtures/admin-fixtures';
import { setRole } from '../../../test/fixtures/accounts-fixtures';
import {
  findable,
  person,
  startConversation,
  type Person,
} from '../../../test/fixtures/chat-fixtures';
import { awaitInvitation, invite } from '../../../test/fixtures/care-fixtures';
import { mailed } from '../../../test/fixtures/email-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Who can find whom (issue 24 item 7, probe N15; docs/decisions/045-who-can-find-whom.md):
 * the pickers list people one shares something with and people who chose to be findable;
 * reaching anyone else takes their exact address, answered the same whether it has an account.
 */
let app: TestApp;
let admin: Person;
// Everyone's name starts with "Dir" so one search shows who the picker would offer.
let me: Person;

beforeAll(async () => {
  app = await createTestApp();
  admin = await consoleAdmin(app, 'Dir Admin');
  me = await person(app, 'Dir Me');
});
afterAll(async () => {
  await app.close();
});

async function found(who: Person, q: string): Promise<string[]> {
  const response = await who.client.get(`/api/users/search?q=${encodeURIComponent(q)}`);
  expect(response.status, response.body).toBe(200);
  return response.json<{ users: UserSearchResult[] }>().users.map((u) => u.user_id);
}

describe('directory: who can find whom', () => {
  it('finds no stranger by a letter, a name or their exact address, nor admins or disabled accounts', async () => {
    const stranger = await person(app, 'Dir Stranger');
    const disabled = await person(app, 'Dir Disabled');
    await findable(disabled);
    expect(
      (await admin.client.post(`/api/admin/users/${disabled.userId}/disable`, {})).status,
    ).toBe(200);
    // On the old code one letter listed every account on the instance.
    const byLetter = await found(me, 'd');
    expect(byLetter).not.toContain(stranger.userId);
    expect(byLetter).not.toContain(admin.userId);
    expect(byLetter).not.toContain(disabled.userId);
    expect(await found(me, 'Dir Stranger')).toEqual([]);
    expect(await found(me, stranger.email)).toEqual([]);
  });

  it('finds people one shares a conversation, a letter from them or a relationship with', async () => {
    const talked = await person(app, 'Dir Talked');
    await startConversation(talked, me);
    const wroteMe = await person(app, 'Dir Wrote');
    await mailed(wroteMe, { to: [me.email], subject: 'Hello', content: 'x' });
    const iWrote = await person(app, 'Dir Addressee');
    await mailed(me, { to: [iWrote.email], subject: 'Hello', content: 'x' });
    const results = await found(me, 'Dir');
    expect(results).toContain(talked.userId);
    expect(results).toContain(wroteMe.userId);
    // Writing to an address must not make it appear: that would tell it has an account.
    expect(results).not.toContain(iWrote.userId);
    // The one I wrote to finds me: I reached out to them.
    expect(await found(iWrote, 'Dir Me')).toEqual([me.userId]);
    // A professional I invited appears once they accept; one who invited me, at once.
    const pro = await person(app, 'Dir Therapist');
    await setRole(app, pro.userId, 'client');
    await invite(me, pro.email, 'person');
    const id = await awaitInvitation(pro, me);
    expect(await found(me, 'Dir Therapist')).toEqual([]);
    expect(await found(pro, 'Dir Me')).toEqual([me.userId]);
    expect((await pro.client.post(`/api/care/relationships/${id}/accept`, {})).status).toBe(200);
    expect(await found(me, 'Dir Therapist')).toEqual([pro.userId]);
  });

  it('findable is off by default, in the export, and lets anyone find that person', async () => {
    const shy = await person(app, 'Dir Shy');
    expect((await shy.client.get('/api/users/me/findability')).json()).toEqual({
      findable: false,
    });
    expect(await found(me, 'Dir Shy')).toEqual([]);
    await findable(shy);
    expect((await shy.client.get('/api/users/me/findability')).json()).toEqual({ findable: true });
    expect(await found(me, 'Dir Shy')).toEqual([shy.userId]);
    const exported = (await shy.client.get('/api/account/export')).json<{
      account: { findable: boolean };
    }>();
    expect(exported.account.findable).toBe(true);
    const bad = await shy.client.request('PUT', '/api/users/me/findability', {
      body: { findable: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Findable must be true or false');
    await findable(shy, false);
    expect(await found(me, 'Dir Shy')).toEqual([]);
  });

  it('the open directory (an instance setting, audited) lets everyone find everyone but the disabled', async () => {
    const colleague = await person(app, 'Dir Colleague');
    const open = await admin.client.request('PATCH', '/api/admin/settings', {
      body: { features: { open_directory: true } },
    });
    expect(open.status, open.body).toBe(200);
    try {
      expect(await found(me, 'Dir Colleague')).toEqual([colleague.userId]);
      expect(await found(me, 'Dir Disabled')).toEqual([]);
      const page = (
        await admin.client.get(`/api/admin/audit?userId=${admin.userId}&source=admin`)
      ).json<AuditPage>();
      expect(page.entries[0]).toMatchObject({
        action: 'admin.settings_changed',
        details: { changed: { 'feature.open_directory': { from: false, to: true } } },
      });
    } finally {
      await admin.client.request('PATCH', '/api/admin/settings', {
        body: { features: { open_directory: false } },
      });
    }
    expect(await found(me, 'Dir Colleague')).toEqual([]);
  });
});

describe('directory: reaching someone new by address', () => {
  it('answers an invitation the same whether the address has an account, and its role', async () => {
    const pro = await person(app, 'Dir Pro');
    await setRole(app, pro.userId, 'client');
    const plain = await person(app, 'Dir Plain');
    const inviter = await person(app, 'Dir Inviter');
    const answers = [];
    for (const email of [pro.email, plain.email, `nobody-${randomUUID()}@example.test`]) {
      const response = await inviter.client.post('/api/care/relationships', {
        email,
        as: 'person',
      });
      answers.push({ status: response.status, body: response.json() });
    }
    // On the old code: 201 with the relationship, 400 "not a professional", 404 "no account".
    for (const answer of answers)
      expect(answer).toEqual({
        status: 202,
        body: { message: DIRECTORY_MESSAGES.invitationSent },
      });
    await app.jobs.settled();
    // The inviter sees nothing until the professional answers; the professional sees it.
    const mine = (await inviter.client.get('/api/care/relationships')).json<{
      relationships: unknown[];
    }>();
    expect(mine.relationships).toEqual([]);
    const theirs = (await pro.client.get('/api/care/relationships')).json<{
      relationships: { id: string; awaitingMe: boolean }[];
    }>();
    expect(theirs.relationships).toHaveLength(1);
    expect(theirs.relationships[0]?.awaitingMe).toBe(true);
    // Nor does the inviter's export or consent history name whom the address reached.
    const exported = JSON.stringify((await inviter.client.get('/api/account/export')).json());
    expect(exported).not.toContain(pro.userId);
    const history = JSON.stringify((await inviter.client.get('/api/care/consent-history')).json());
    expect(history).not.toContain(pro.userId);
    // Inviting oneself is still told (it is one's own address).
    expect(
      (await inviter.client.post('/api/care/relationships', { email: inviter.email, as: 'person' }))
        .status,
    ).toBe(400);
  });

  it('limits invitations per inviter', async () => {
    const eager = await person(app, 'Dir Eager');
    let status = 202;
    let sent = 0;
    while (status === 202 && sent < 30) {
      status = (
        await eager.client.post('/api/care/relationships', {
          email: `guess-${sent}-${randomUUID()}@example.test`,
          as: 'person',
        })
      ).status;
      sent++;
    }
    // On the old code every one of them was answered.
    expect(status).toBe(429);
    expect(sent).toBe(21);
  });

  it('sends a letter to an address no account uses without saying so, and names no stranger', async () => {
    const stranger = await person(app, 'Dir Letter');
    const nobody = `nobody-${randomUUID()}@example.test`;
    const sent = await me.client.request('PUT', `/api/email/drafts/${randomUUID()}`, {
      body: { to: [stranger.email, nobody], subject: 'Hi', content: 'x' },
    });
    expect(sent.status).toBe(200);
    const message: MailMessage = await mailed(me, {
      to: [stranger.email, nobody],
      subject: 'Hi',
      content: 'x',
    });
    // On the old code: 400 "There is no Kaleido account for nobody@…".
    expect(message.to).toEqual([
      { userId: null, name: stranger.email, email: stranger.email },
      { userId: null, name: nobody, email: nobody },
    ]);
    // The stranger got it, and sees their own name.
    await app.jobs.settled();
    const inbox = (await stranger.client.get('/api/email/messages?folder=inbox')).json<{
      messages: MailMessage[];
    }>().messages;
    expect(inbox[0]?.to[0]).toMatchObject({ userId: stranger.userId, name: 'Dir Letter' });
    // A letter to nobody at all is sent too.
    const alone = await mailed(me, { to: [nobody], subject: 'Only', content: 'x' });
    expect(alone.folder).toBe('sent');
  });

  it('rings only people one shares something with, or who allow it, and says the same as for no account', async () => {
    const stranger = await person(app, 'Dir Callee');
    const ring = (calleeId: string) =>
      app.calls.signal(me.userId, {
        kind: 'invite',
        callId: randomUUID(),
        calleeId,
        callType: 'audio',
      });
    const refusal = async (calleeId: string) =>
      ring(calleeId).then(
        () => null,
        (error: unknown) => ({
          status: (error as { statusCode?: number }).statusCode,
          message: (error as Error).message,
        }),
      );
    const unknown = await refusal(randomUUID());
    expect(unknown?.status).toBe(404);
    // On the old code the stranger rang.
    expect(await refusal(stranger.userId)).toEqual(unknown);
    await findable(stranger);
    expect(await refusal(stranger.userId)).toBeNull();
    // Rung once, the stranger may call back (and find the caller), findable or not.
    expect(await found(stranger, 'Dir Me')).toEqual([me.userId]);
  });
});
