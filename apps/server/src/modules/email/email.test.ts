import { randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDraft, MailMessage } from '@kaleido/shared/email/email.schemas';
import { PDF, PNG, person, upload, type Person } from '../../../test/fixtures/chat-fixtures';
import {
  act,
  counts,
  folder,
  mailed,
  putDraft,
  replyDraft,
  search,
} from '../../../test/fixtures/email-fixtures';
import { jobs } from '../../db/schema/jobs';
import { prefixQuery } from './email.repository';
import { mailStates } from '../../db/schema/mailbox';
import { waitFor } from '../../../test/fixtures/wait-for';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';

let app: TestApp;
let ada: Person;
let bo: Person;
let cy: Person;
beforeAll(async () => {
  app = await createTestApp();
  [ada, bo, cy] = await Promise.all([
    person(app, 'Ada Lovelace'),
    person(app, 'Bo Brooks'),
    person(app, 'Cy Young'),
  ]);
});
afterAll(async () => {
  await app.close();
});

const DAY = 24 * 60 * 60_000;

describe('email: drafts and sending', () => {
  it('autosaves a draft, keeps it across reads, and sends it to the inbox with unread counts', async () => {
    const id = randomUUID();
    expect(
      (await putDraft(ada, id, { to: [bo.email], subject: 'Weekly', content: 'Dra' })).status,
    ).toBe(200);
    const saved = await putDraft(ada, id, {
      to: [bo.email],
      subject: 'Weekly letter',
      content: 'Dear Bo,',
    });
    expect(saved.json<{ draft: MailDraft }>().draft).toMatchObject({
      id,
      threadId: id,
      to: [bo.email],
      subject: 'Weekly letter',
      content: 'Dear Bo,',
    });
    expect((await ada.client.get(`/api/email/drafts/${id}`)).json()).toMatchObject({
      draft: { content: 'Dear Bo,' },
    });
    expect((await folder(ada, 'drafts')).map((m) => m.id)).toContain(id);
    // Someone else's draft id is not theirs to read or overwrite.
    expect((await bo.client.get(`/api/email/drafts/${id}`)).status).toBe(404);
    expect((await putDraft(bo, id, { subject: 'hijack' })).status).toBe(404);

    const before = (await counts(bo)).inbox;
    const sent = await ada.client.post(`/api/email/drafts/${id}/send`, {});
    expect(sent.status).toBe(201);
    expect(sent.json<{ message: MailMessage }>().message).toMatchObject({
      folder: 'sent',
      isRead: true,
      from: { userId: ada.userId, name: 'Ada Lovelace', email: ada.email },
      // As Ada typed it: Bo has not written to Ada, so his name is not hers to see (decision 045).
      to: [{ userId: null, name: bo.email, email: bo.email }],
    });
    // A retried send answers the same message, not a second one.
    const again = await ada.client.post(`/api/email/drafts/${id}/send`, {});
    expect(again.status).toBe(200);
    expect((await folder(ada, 'drafts')).map((m) => m.id)).not.toContain(id);
    expect((await folder(ada, 'sent')).map((m) => m.id)).toContain(id);
    const inbox = await folder(bo, 'inbox');
    expect(inbox.filter((m) => m.id === id)).toMatchObject([
      { subject: 'Weekly letter', snippet: 'Dear Bo,', isRead: false, isStarred: false },
    ]);
    expect((await counts(bo)).inbox).toEqual({
      total: before.total + 1,
      unread: before.unread + 1,
    });
    // Opening marks read.
    await act(bo, [id], 'read');
    expect((await counts(bo)).inbox.unread).toBe(before.unread);
  });

  it('refuses a send with clear messages and keeps the draft', async () => {
    const id = randomUUID();
    const refusal = async (body: Record<string, unknown>) => {
      const response = await ada.client.post(`/api/email/drafts/${id}/send`, body);
      expect(response.status).toBe(400);
      return response.json<{ message: string; code: string }>();
    };
    expect(await refusal({ to: [], subject: 'Hi', content: 'x' })).toMatchObject({
      message: 'Please add at least one recipient.',
      code: 'MAIL_RECIPIENTS',
    });
    expect(
      (await refusal({ to: [bo.email], subject: 'x'.repeat(256), content: 'x' })).message,
    ).toBe('Subject must be at most 255 characters. Your draft is kept.');
    expect(
      (await refusal({ to: [bo.email], subject: 'ok', content: 'x'.repeat(100_001) })).code,
    ).toBe('MAIL_TOO_LONG');
    expect((await refusal({ to: [bo.email], subject: ' ', content: ' ' })).message).toBe(
      'Please write a subject or a message.',
    );
    expect((await refusal({ to: [ada.email], subject: 'me', content: 'x' })).message).toBe(
      'You cannot send a message to yourself.',
    );
    const kept = (await ada.client.get(`/api/email/drafts/${id}`)).json<{ draft: MailDraft }>()
      .draft;
    expect(kept).toMatchObject({ to: [ada.email], subject: 'me' });
    // Bad bodies and unknown ids.
    expect((await putDraft(ada, id, { to: 'not-a-list' })).status).toBe(400);
    expect((await putDraft(ada, 'not-a-uuid', {})).status).toBe(404);
    expect((await act(ada, ['x'], 'read')).status).toBe(400);
    expect((await act(ada, [id], 'explode')).status).toBe(400);
    expect((await ada.client.get(`/api/email/messages/${randomUUID()}`)).status).toBe(404);
    // An address no account uses (here a deleted one's) is no refusal: it says nothing of who
    // has an account (directory.test.ts sends to one). The draft keeps what was typed.
    const gone = await person(app, 'Gone Person');
    expect(
      (await gone.client.post('/api/account/delete', { password: gone.password })).status,
    ).toBe(200);
    expect(
      (await putDraft(ada, id, { to: [bo.email, gone.email], subject: 'hello', content: 'x' }))
        .status,
    ).toBe(200);
    // An attachment over the generic uploader's 50 MB: refused by name, the draft unchanged.
    const big = await upload(app, ada.client, `/api/email/drafts/${id}/attachments`, {
      filename: 'huge.pdf',
      contentType: 'application/pdf',
      data: Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024)]),
    });
    expect(big.status).toBe(413);
    expect(big.json()).toMatchObject({
      message: 'File size must be less than 50MB',
      code: 'FILE_TOO_LARGE',
    });
    const after = (await ada.client.get(`/api/email/drafts/${id}`)).json<{ draft: MailDraft }>()
      .draft;
    expect(after).toMatchObject({ to: [bo.email, gone.email], subject: 'hello', attachments: [] });
  });
});

describe('email: folders and threads', () => {
  it('moves through archive, trash, restore, delete for good and empty trash', async () => {
    const m = await mailed(ada, { to: [bo.email], subject: 'Folders', content: 'moving around' });
    expect((await act(bo, [m.id], 'archive')).json()).toMatchObject({ updated: [m.id] });
    expect((await folder(bo, 'archive')).map((x) => x.id)).toContain(m.id);
    expect((await folder(bo, 'inbox')).map((x) => x.id)).not.toContain(m.id);
    await act(bo, [m.id], 'trash');
    expect((await folder(bo, 'trash')).map((x) => x.id)).toContain(m.id);
    await act(bo, [m.id], 'restore');
    expect((await folder(bo, 'archive')).map((x) => x.id)).toContain(m.id);
    await act(bo, [m.id], 'inbox');
    expect((await folder(bo, 'inbox')).map((x) => x.id)).toContain(m.id);
    await act(bo, [m.id], 'star');
    expect((await folder(bo, 'inbox')).find((x) => x.id === m.id)?.isStarred).toBe(true);
    expect((await folder(bo, 'inbox', '&starred=true')).map((x) => x.id)).toContain(m.id);
    await act(bo, [m.id], 'unstar');
    await act(bo, [m.id], 'unread');
    expect((await folder(bo, 'inbox')).find((x) => x.id === m.id)?.isRead).toBe(false);
    // The sender's copy moves on its own: trash, restore back to sent.
    await act(ada, [m.id], 'trash');
    await act(ada, [m.id], 'restore');
    expect((await folder(ada, 'sent')).map((x) => x.id)).toContain(m.id);
    // 'delete' only takes from the trash.
    await act(bo, [m.id], 'delete');
    expect((await folder(bo, 'inbox')).map((x) => x.id)).toContain(m.id);
    await act(bo, [m.id], 'trash');
    await act(bo, [m.id], 'delete');
    expect((await bo.client.get(`/api/email/messages/${m.id}`)).status).toBe(404);
    // Ada still has her copy.
    expect((await ada.client.get(`/api/email/messages/${m.id}`)).status).toBe(200);

    const a = await mailed(ada, { to: [bo.email], subject: 'one', content: '1' });
    const b = await mailed(ada, { to: [bo.email], subject: 'two', content: '2' });
    await act(bo, [a.id, b.id], 'trash');
    expect((await bo.client.request('DELETE', '/api/email/trash')).json()).toMatchObject({
      deleted: 2,
    });
    expect(await folder(bo, 'trash')).toEqual([]);
  });

  it('keeps reply, reply all and forward in the thread, with the right people', async () => {
    const first = await mailed(ada, {
      to: [bo.email],
      cc: [cy.email],
      subject: 'Plan',
      content: 'Shall we meet?\nThursday?',
    });
    const reply = await replyDraft(bo, first.id, 'reply');
    expect(reply).toMatchObject({
      threadId: first.threadId,
      inReplyTo: first.id,
      to: [ada.email],
      cc: [],
      subject: 'Re: Plan',
    });
    expect(reply.content).toContain('> Shall we meet?\n> Thursday?');
    const all = await replyDraft(bo, first.id, 'replyAll');
    expect(all).toMatchObject({ to: [ada.email], cc: [cy.email] });
    await bo.client.request('DELETE', `/api/email/drafts/${all.id}`);
    const sentReply = await bo.client.post(`/api/email/drafts/${reply.id}/send`, {
      content: `Yes!${reply.content}`,
    });
    expect(sentReply.status).toBe(201);
    const thread = (await ada.client.get(`/api/email/messages/${first.id}`)).json<{
      thread: MailMessage[];
    }>().thread;
    expect(thread.map((m) => m.subject)).toEqual(['Plan', 'Re: Plan']);
    const forward = await replyDraft(cy, first.id, 'forward');
    expect(forward).toMatchObject({ threadId: first.threadId, to: [], subject: 'Fwd: Plan' });
    expect(forward.content).toContain('Forwarded message');
    // Cy's thread holds only what Cy received.
    const cys = (await cy.client.get(`/api/email/messages/${first.id}`)).json<{
      thread: MailMessage[];
    }>();
    expect(cys.thread.map((m) => m.subject)).toEqual(['Plan']);
    // Not part of the thread: a stranger.
    expect(
      (await cy.client.post(`/api/email/messages/${reply.id}/reply`, { mode: 'reply' })).status,
    ).toBe(404);
  });

  it('searches subject, body and people, and pages the inbox', async () => {
    const word = `zebra${Date.now()}`;
    await mailed(cy, { to: [bo.email], subject: `About ${word}`, content: 'x' });
    await mailed(cy, { to: [bo.email], subject: 'Other', content: `a ${word} inside` });
    expect((await search(bo, word)).length).toBe(2);
    // A word half typed, and words in any order (the index holds words, not substrings).
    expect((await search(bo, word.slice(0, 7))).length).toBe(2);
    expect((await search(bo, `inside ${word}`)).length).toBe(1);
    expect((await search(bo, 'brooks')).length).toBeGreaterThanOrEqual(2);
    expect(prefixQuery(`Lett 42! l'été`)).toBe('lett:* & 42:* & l:* & été:*');
    expect(prefixQuery('% & |')).toBe('');
    expect((await search(bo, 'Cy Young')).length).toBeGreaterThanOrEqual(2);
    expect((await search(bo, '%')).length).toBe(0);
    const page1 = (await bo.client.get('/api/email/messages?folder=inbox&limit=2')).json<{
      messages: MailMessage[];
      nextCursor: string;
    }>();
    expect(page1.messages).toHaveLength(2);
    const page2 = (
      await bo.client.get(`/api/email/messages?folder=inbox&limit=2&cursor=${page1.nextCursor}`)
    ).json<{ messages: MailMessage[] }>();
    expect(page2.messages[0]?.id).not.toBe(page1.messages[1]?.id);
    expect((await bo.client.get('/api/email/messages?cursor=bogus')).status).toBe(400);
  });
});

describe('email: purge, attachments, live', () => {
  it('attaches files by content type, serves them only to sender and recipients', async () => {
    const id = randomUUID();
    await putDraft(ada, id, { to: [bo.email], subject: 'File', content: 'see attached' });
    const wrong = await upload(app, ada.client, `/api/email/drafts/${id}/attachments`, {
      filename: 'x.pdf',
      contentType: 'application/pdf',
      data: PNG,
    });
    expect(wrong.status).toBe(415);
    const ok = await upload(app, ada.client, `/api/email/drafts/${id}/attachments`, {
      filename: 'report.pdf',
      contentType: 'application/pdf',
      data: PDF,
    });
    expect(ok.status).toBe(201);
    const { attachment } = ok.json() as { attachment: { id: string; url: string } };
    expect(
      (
        await upload(app, bo.client, `/api/email/drafts/${id}/attachments`, {
          filename: 'r.pdf',
          contentType: 'application/pdf',
          data: PDF,
        })
      ).status,
    ).toBe(404);
    const sent = await ada.client.post(`/api/email/drafts/${id}/send`, {});
    expect(sent.json<{ message: MailMessage }>().message.attachments).toMatchObject([
      { name: 'report.pdf', mime: 'application/pdf' },
    ]);
    const got = await bo.client.get(attachment.url);
    expect(got.status).toBe(200);
    expect(got.body).toContain('%PDF');
    expect((await ada.client.get(attachment.url)).status).toBe(200);
    expect((await cy.client.get(attachment.url)).status).toBe(404);
    // A forward carries the file to its new recipient.
    const fwd = await replyDraft(bo, id, 'forward');
    await bo.client.post(`/api/email/drafts/${fwd.id}/send`, { to: [cy.email] });
    expect((await cy.client.get(attachment.url)).status).toBe(200);
  });

  it('announces new mail live with an email notification, and counts sends', async () => {
    const socket = await TestSocket.open(await listen(app), cy.client);
    const m = await mailed(bo, { to: [cy.email], subject: 'Live', content: 'secret words' });
    const received = await socket.next((e) => e.type === 'event' && e.name === 'mail.received');
    expect(received).toMatchObject({ data: { message: { id: m.id, folder: 'inbox' } } });
    const notice = await socket.next(
      (e) => e.type === 'event' && e.name === 'notification.created',
    );
    expect(notice).toMatchObject({
      data: { notification: { type: 'email', message: 'Bo Brooks sent you a message.' } },
    });
    expect(JSON.stringify(notice)).not.toContain('secret words');
    // Reading the mail makes its bell notification read too.
    expect((await act(cy, [m.id], 'read')).status).toBe(200);
    const seen = await socket.next((e) => e.type === 'event' && e.name === 'notifications.read');
    expect(seen).toMatchObject({ data: { ids: [expect.any(String)] } });
    const bell = (await cy.client.get('/api/notifications')).json<{
      notifications: { type: string; read: boolean; link: string | null }[];
    }>();
    expect(bell.notifications.find((n) => n.link?.endsWith(m.id))?.read).toBe(true);
    socket.close();
  });
});

describe('email: data rights', () => {
  it('exports mail sent and received; delete-data keeps the others’ copies from a deleted user', async () => {
    const dee = await person(app, 'Dee Dent');
    const eve = await person(app, 'Eve Evans');
    const toEve = await mailed(dee, { to: [eve.email], subject: 'from dee', content: 'hello eve' });
    const toDee = await mailed(eve, { to: [dee.email], subject: 'from eve', content: 'hello dee' });
    const draftId = randomUUID();
    await putDraft(dee, draftId, { subject: 'unsent' });
    const exported = (await dee.client.get('/api/account/export')).json<{
      mail: { messages: MailMessage[] };
    }>();
    expect(exported.mail.messages.map((m) => m.subject).sort()).toEqual([
      'from dee',
      'from eve',
      'unsent',
    ]);
    expect((await dee.client.post('/api/account/delete-data')).status).toBe(200);
    expect(await folder(dee, 'sent')).toEqual([]);
    expect(await folder(dee, 'inbox')).toEqual([]);
    expect(await folder(dee, 'drafts')).toEqual([]);
    const evesCopy = (await eve.client.get(`/api/email/messages/${toEve.id}`)).json<{
      message: MailMessage;
    }>().message;
    expect(evesCopy).toMatchObject({
      content: 'hello eve',
      from: { userId: null, name: 'Deleted user', email: null },
    });
    expect((await eve.client.get(`/api/email/messages/${toDee.id}`)).status).toBe(200);
  });
});

// Last: moving the clock a month ends everyone's session (the idle timeout).
describe('email: trash purge', () => {
  it('purges trash after 30 days as a job on the queue (moved clock)', async () => {
    const m = await mailed(ada, { to: [cy.email], subject: 'old', content: 'old' });
    await act(cy, [m.id], 'trash');
    const cysCopy = async () =>
      (
        await app.database.db
          .select()
          .from(mailStates)
          .where(and(eq(mailStates.userId, cy.userId), eq(mailStates.messageId, m.id)))
      )[0];
    const purgeNow = () => app.jobs.enqueue('mail-trash-purge', {}, { key: 'mail-trash-purge' });
    app.clock.advance(29 * DAY);
    await purgeNow();
    await waitFor(async () => (await pendingPurges()) === 0, 'first purge');
    expect((await cysCopy())?.folder).toBe('trash');
    app.clock.advance(2 * DAY);
    await purgeNow();
    await waitFor(async () => !(await cysCopy()), 'purge');
    // Ada's copy is hers: it stays.
    expect(await app.email.reading.get(ada.userId, m.id)).toMatchObject({ message: { id: m.id } });
  });
});

async function pendingPurges() {
  const rows = await app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail-trash-purge'), lte(jobs.runAt, app.clock.now())));
  return rows.filter((r) => r.status === 'queued' || r.status === 'running').length;
}
