import type { FileSearchResult } from '@kaleido/shared/files/file-search.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import {
  PDF,
  person,
  startConversation,
  upload,
  type Person,
} from '../../../test/fixtures/chat-fixtures';
import {
  audio,
  recordVoice,
  startVoiceApp,
  transcribed,
} from '../../../test/fixtures/journal-fixtures';
import { putDraft } from '../../../test/fixtures/email-fixtures';
import type { TestApp } from '../../../test/test-app';

let voiceApp: Awaited<ReturnType<typeof startVoiceApp>>;
let app: TestApp;
let ada: Person;
let bob: Person;
let cyd: Person;
let conversationId: string;
let mailMessageId: string;
let draftId: string;
beforeAll(async () => {
  voiceApp = await startVoiceApp();
  app = voiceApp.app;
  [ada, bob, cyd] = [
    await person(app, 'Ada Files'),
    await person(app, 'Bob Files'),
    await person(app, 'Cyd Files'),
  ];
  conversationId = (await startConversation(ada, bob)).id;
  const sent = await upload(
    app,
    ada.client,
    `/api/chat/conversations/${conversationId}/attachments`,
    { filename: 'report-march.pdf', contentType: 'application/pdf', data: PDF },
    crypto.randomUUID(),
  );
  expect(sent.status).toBe(201);
  const note = await ada.client.upload(
    '/api/voice-notes',
    multipart(
      { title: 'March walk', durationMs: '4200' },
      { name: 'recording.webm', type: 'audio/webm', data: audio },
    ),
  );
  expect(note.status).toBe(201);
  const entry = await recordVoice(ada.client, { title: 'Thoughts in March' });
  expect(entry.status).toBe(201);
  await transcribed(ada.client, entry.json<{ id: string }>().id);
  // Mail: Ada sends Bob a file; a draft of hers to Cyd carries another, not yet sent.
  const mailId = crypto.randomUUID();
  await putDraft(ada, mailId, { to: [bob.email], subject: 'Budget', content: 'attached' });
  const attached = await upload(app, ada.client, `/api/email/drafts/${mailId}/attachments`, {
    filename: 'budget-march.pdf',
    contentType: 'application/pdf',
    data: PDF,
  });
  expect(attached.status).toBe(201);
  expect((await ada.client.post(`/api/email/drafts/${mailId}/send`, {})).status).toBe(201);
  draftId = crypto.randomUUID();
  await putDraft(ada, draftId, { to: [cyd.email], subject: '', content: 'later' });
  const inDraft = await upload(app, ada.client, `/api/email/drafts/${draftId}/attachments`, {
    filename: 'plan-march.pdf',
    contentType: 'application/pdf',
    data: PDF,
  });
  expect(inDraft.status).toBe(201);
  mailMessageId = mailId;
});
afterAll(async () => {
  await voiceApp.close();
});

const search = async (who: Person, q: string) => {
  const response = await who.client.get(`/api/files/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return response.json<FileSearchResult>().files;
};

describe('Search Files', () => {
  it('finds the person’s attachments, voice notes and voice entries by name, saying where each is', async () => {
    const found = await search(ada, 'MARCH');
    expect(found.map((f) => [f.place, f.name]).sort()).toEqual([
      ['chat', 'report-march.pdf'],
      ['journal', 'Thoughts in March'],
      ['mail', 'budget-march.pdf'],
      ['mail', 'plan-march.pdf'],
      ['voice_note', 'March walk'],
    ]);
    expect(found.find((f) => f.name === 'budget-march.pdf')).toMatchObject({
      placeLabel: 'Email: Budget',
      link: `/app/email/sent?message=${mailMessageId}`,
    });
    expect(found.find((f) => f.name === 'plan-march.pdf')).toMatchObject({
      placeLabel: 'Email: (no subject)',
      link: `/app/email/compose?draft=${draftId}`,
    });
    const chat = found.find((f) => f.place === 'chat');
    expect(chat).toMatchObject({
      placeLabel: 'Chat with Bob Files',
      link: `/app/chat/${conversationId}`,
      mime: 'application/pdf',
    });
    expect(found.find((f) => f.place === 'journal')?.link).toMatch(/^\/app\/journal\/voice\//);
  });

  it('shows the partner the attachment sent to them, and a stranger nothing', async () => {
    expect((await search(bob, 'report')).map((f) => f.placeLabel)).toEqual(['Chat with Ada Files']);
    // The mail Bob received, which he may download; not Ada's unsent draft to Cyd.
    const mail = await search(bob, 'march.pdf');
    expect(mail.filter((f) => f.place === 'mail').map((f) => [f.name, f.link])).toEqual([
      ['budget-march.pdf', `/app/email/inbox?message=${mailMessageId}`],
    ]);
    const file = mail.find((f) => f.place === 'mail');
    expect((await bob.client.get(`/api/email/attachments/${file?.id}`)).status).toBe(200);
    expect(await search(bob, 'walk')).toEqual([]);
    expect(await search(cyd, 'march')).toEqual([]);
  });

  it('matches what was typed literally, and refuses an empty search with a message', async () => {
    expect(await search(ada, '%')).toEqual([]);
    const empty = await ada.client.get('/api/files/search?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'Type what to look for',
    );
  });
});
