import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JournalEntry,
  JournalEntryVersion,
  JournalPrompts,
  JournalTag,
  JournalDraftLookup,
} from '@kaleido/shared/journal/journal.schemas';
import { JOURNAL_PROMPTS, promptOfTheDay } from '@kaleido/shared/journal/journal-prompts';
import { journalEntryVersions } from '../../db/schema/journal';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listen, TestSocket } from '../../../test/test-socket';
import { entryOf, page, patch, write } from '../../../test/fixtures/journal-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('journal entries', () => {
  it('saves an empty title as Untitled Entry with the spec defaults, and reads it back', async () => {
    const { client } = await signedInClient(app);
    const created = await write(client, { title: '   ', content: 'A quiet morning.' });
    expect(created.status).toBe(201);
    const entry = created.json<JournalEntry>();
    expect(entry).toMatchObject({
      title: 'Untitled Entry',
      content: 'A quiet morning.',
      input_type: 'text',
      mood: 'neutral',
      privacy_level: 'private',
      emotional_state: {},
      tags: [],
      promptId: null,
      audioUrl: null,
      transcriptStatus: 'none',
    });
    expect((await client.get(`/api/journal/entries/${entry.id}`)).json()).toEqual(entry);
    const noTitle = await entryOf(client, { content: 'No title at all' });
    expect(noTitle.title).toBe('Untitled Entry');
    const reflection = await entryOf(client, {
      content: 'Grateful for friends',
      inputType: 'reflection',
      mood: 'happy',
      privacyLevel: 'shared_with_clients',
    });
    expect(reflection).toMatchObject({
      input_type: 'reflection',
      mood: 'happy',
      privacy_level: 'shared_with_clients',
    });
  });

  it('enforces the content rules with the spec messages', async () => {
    const { client } = await signedInClient(app);
    const refusal = async (body: Record<string, unknown>) => {
      const response = await write(client, body);
      expect(response.status).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await refusal({ content: '   ' })).toBe('Content cannot be empty');
    expect(await refusal({ title: 'x' })).toBe('Content cannot be empty');
    expect(await refusal({ content: 'x'.repeat(10_001) })).toBe(
      'Content is too long (maximum 10,000 characters)',
    );
    expect(await refusal({ content: 'hi <script>alert(1)</script>' })).toBe(
      'Content contains potentially harmful code',
    );
    expect(await refusal({ content: '<a href="javascript:x">' })).toBe(
      'Content contains potentially harmful code',
    );
    expect(await refusal({ content: 'ok', mood: 'bored' })).toBe(
      'Mood must be one of happy, excited, neutral, sad, angry',
    );
    expect(await refusal({ content: 'ok', privacyLevel: 'everyone' })).toBe(
      'Privacy must be one of private, shared_with_clients, public',
    );
    expect(await refusal({ content: 'ok', inputType: 'audio' })).toBe(
      'Type must be one of text, audio, multimodal, reflection',
    );
    expect((await write(client, { content: 'x'.repeat(10_000) })).status).toBe(201);
    const entry = await entryOf(client, { content: 'fine' });
    const edit = await patch(client, `/api/journal/entries/${entry.id}`, { content: '' });
    expect(edit.status).toBe(400);
    expect(edit.json().message).toBe('Content cannot be empty');
    const empty = await patch(client, `/api/journal/entries/${entry.id}`, {});
    expect(empty.json().message).toBe('Nothing to change');
  });

  it("answers 404 for another person's entry, whatever the call", async () => {
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const entry = await entryOf(owner.client, { title: 'Mine', content: 'Private thoughts' });
    const url = `/api/journal/entries/${entry.id}`;
    for (const response of [
      await other.client.get(url),
      await patch(other.client, url, { content: 'hijacked', privacyLevel: 'public' }),
      await other.client.request('DELETE', url),
      await other.client.get(`${url}/history`),
      await other.client.get(`${url}/audio`),
      await other.client.get(`${url}/export.md`),
      await other.client.request('PUT', `/api/journal/drafts/${entry.id}`, {
        body: { content: 'x' },
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json().message).toBe('Journal entry not found');
    }
    expect((await page(other.client, '')).entries).toEqual([]);
    expect((await owner.client.get(url)).json()).toMatchObject({
      content: 'Private thoughts',
      privacy_level: 'private',
    });
  });

  it('edits for real and keeps every earlier version in the history', async () => {
    const { client } = await signedInClient(app);
    const entry = await entryOf(client, {
      title: 'Day one',
      content: 'First words',
      tags: ['work'],
    });
    const url = `/api/journal/entries/${entry.id}`;
    app.clock.advance(1000);
    const edited = await patch(client, url, {
      content: 'Second words',
      mood: 'sad',
      tags: ['work', 'home'],
    });
    expect(edited.status).toBe(200);
    expect(edited.json()).toMatchObject({
      content: 'Second words',
      mood: 'sad',
      tags: ['home', 'work'],
    });
    app.clock.advance(1000);
    await patch(client, url, { title: '', privacyLevel: 'public' });
    // Saving what is already there adds no version.
    await patch(client, url, { content: 'Second words' });

    const history = (await client.get(`${url}/history`)).json<{
      versions: JournalEntryVersion[];
    }>();
    expect(history.versions).toMatchObject([
      {
        title: 'Day one',
        content: 'Second words',
        mood: 'sad',
        privacy_level: 'private',
        tags: ['home', 'work'],
      },
      {
        title: 'Day one',
        content: 'First words',
        mood: 'neutral',
        privacy_level: 'private',
        tags: ['work'],
      },
    ]);
    expect((await client.get(url)).json()).toMatchObject({
      title: 'Untitled Entry',
      privacy_level: 'public',
    });

    expect((await client.request('DELETE', url)).status).toBe(200);
    expect((await client.get(url)).status).toBe(404);
    expect(
      await app.database.db
        .select()
        .from(journalEntryVersions)
        .where(eq(journalEntryVersions.entryId, entry.id)),
    ).toEqual([]);
  });
});

describe('journal tags', () => {
  it('creates tags on the fly, counts, renames, merges and filters by them', async () => {
    const { client } = await signedInClient(app);
    const a = await entryOf(client, { content: 'one', tags: ['Work', '  family  time '] });
    const b = await entryOf(client, { content: 'two', tags: ['work'] });
    await entryOf(client, { content: 'three', tags: ['job'] });
    const tags = () =>
      client.get('/api/journal/tags').then((r) => r.json<{ tags: JournalTag[] }>().tags);
    expect((await tags()).map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'family time', count: 1 },
      { name: 'job', count: 1 },
      { name: 'Work', count: 2 },
    ]);
    expect((await page(client, 'tag=WORK')).entries.map((e) => e.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );

    const all = await tags();
    const work = all.find((t) => t.name === 'Work');
    const job = all.find((t) => t.name === 'job');
    if (!work || !job) throw new Error('tags missing');
    const clash = await patch(client, `/api/journal/tags/${job.id}`, { name: 'WORK' });
    expect(clash.status).toBe(409);
    expect(clash.json().message).toBe('You already have a tag with that name');
    expect(
      (await patch(client, `/api/journal/tags/${work.id}`, { name: 'work' })).json(),
    ).toMatchObject({
      name: 'work',
      count: 2,
    });
    const merged = await client.post(`/api/journal/tags/${job.id}/merge`, { intoTagId: work.id });
    expect(merged.json()).toMatchObject({ name: 'work', count: 3 });
    expect((await tags()).map((t) => t.name)).toEqual(['family time', 'work']);
    expect(
      (await client.post(`/api/journal/tags/${work.id}/merge`, { intoTagId: work.id })).json()
        .message,
    ).toBe('Choose a different tag to merge into');

    const created = await client.post('/api/journal/tags', { name: 'gratitude' });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ name: 'gratitude', count: 0 });
    expect((await client.post('/api/journal/tags', { name: ' ' })).json().message).toBe(
      'Tag cannot be empty',
    );

    const stranger = await signedInClient(app);
    const foreign = await patch(stranger.client, `/api/journal/tags/${work.id}`, { name: 'mine' });
    expect(foreign.status).toBe(404);
    expect(foreign.json().message).toBe('Tag not found');
    expect((await client.request('DELETE', `/api/journal/tags/${work.id}`)).status).toBe(200);
    expect((await client.get(`/api/journal/entries/${b.id}`)).json().tags).toEqual([]);
  });
});

describe('journal drafts', () => {
  it('autosaves a new entry and an edit, and clears each once saved', async () => {
    const { client } = await signedInClient(app);
    expect((await client.get('/api/journal/drafts/new')).json()).toEqual({ saved: null });
    const saved = await client.request('PUT', '/api/journal/drafts/new', {
      body: { title: 'Half', content: 'I was about to say <script>', mood: 'sad' },
    });
    expect(saved.status).toBe(200);
    expect((await client.get('/api/journal/drafts/new')).json().saved).toMatchObject({
      key: 'new',
      draft: { title: 'Half', content: 'I was about to say <script>', mood: 'sad' },
    });
    const entry = await entryOf(client, { content: 'I was about to say something' });
    expect((await client.get('/api/journal/drafts/new')).json()).toEqual({ saved: null });

    await client.request('PUT', `/api/journal/drafts/${entry.id}`, {
      body: { content: 'typing…' },
    });
    expect(
      (await client.get(`/api/journal/drafts/${entry.id}`)).json<JournalDraftLookup>().saved?.draft,
    ).toEqual({
      content: 'typing…',
    });
    await patch(client, `/api/journal/entries/${entry.id}`, { content: 'typing done' });
    expect((await client.get(`/api/journal/drafts/${entry.id}`)).json()).toEqual({ saved: null });

    await client.request('PUT', '/api/journal/drafts/new', { body: { content: 'again' } });
    expect((await client.request('DELETE', '/api/journal/drafts/new')).status).toBe(200);
    expect((await client.get('/api/journal/drafts/new')).json()).toEqual({ saved: null });
    expect((await client.get('/api/journal/drafts/not-a-key')).status).toBe(400);
  });
});

describe('journal prompts', () => {
  it("puts the prompts of the person's reflection goals first and answers them as reflections", async () => {
    const { client } = await signedInClient(app);
    await patch(client, '/api/profile', { field: 'timezone', value: 'Pacific/Kiritimati' });
    await patch(client, '/api/profile', { field: 'reflection_goal', value: ['career'] });
    const fetched = await client.get('/api/journal/prompts');
    expect(fetched.status, fetched.body).toBe(200);
    const { today, prompts } = fetched.json<JournalPrompts>();
    expect(prompts.slice(0, 6).map((p) => p.category)).toEqual(Array(6).fill('work'));
    expect(prompts).toHaveLength(JOURNAL_PROMPTS.length);
    // Kiritimati is UTC+14: its date is often a day ahead of UTC's.
    const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      app.clock.now(),
    );
    expect(today).toEqual(promptOfTheDay(['career'], localDate));
    expect(today.category).toBe('work');

    const answer = await entryOf(client, { content: 'I finished the report.', promptId: today.id });
    expect(answer).toMatchObject({ input_type: 'reflection', promptId: today.id });
    const unknown = await write(client, { content: 'x', promptId: 'made-up' });
    expect(unknown.status).toBe(400);
    expect(unknown.json().message).toBe('Choose a prompt from the library');
  });
});

describe('journal realtime', () => {
  it("tells the user's other tabs when an entry is saved, edited or deleted", async () => {
    const { client } = await signedInClient(app);
    const socket = await TestSocket.open(await listen(app), client);
    const changed = (change: string) =>
      socket.next(
        (m) => m.type === 'event' && m.name === 'journal.entry.changed' && m.data.change === change,
        20_000,
      );
    const entry = await entryOf(client, { content: 'seen elsewhere' });
    expect(await changed('created')).toMatchObject({
      data: { entryId: entry.id, entry: { content: 'seen elsewhere' } },
    });
    await patch(client, `/api/journal/entries/${entry.id}`, { mood: 'happy' });
    expect(await changed('updated')).toMatchObject({ data: { entry: { mood: 'happy' } } });
    await client.request('DELETE', `/api/journal/entries/${entry.id}`);
    expect(await changed('deleted')).toMatchObject({ data: { entryId: entry.id } });
    socket.close();
  });
});
