import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalCalendar, JournalEntryPage } from '@kaleido/shared/journal/journal.schemas';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  entryOf,
  page,
  patch,
  setCreatedAt as setEntryCreatedAt,
} from '../../../test/fixtures/journal-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});
const setCreatedAt = (id: string, iso: string) => setEntryCreatedAt(app, id, iso);

describe('journal list and search', () => {
  it('pages newest first with a cursor, never repeating or skipping', async () => {
    const { client } = await signedInClient(app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await entryOf(client, { content: `entry ${i}` })).id);
    // Two entries at the same instant still page apart (ties broken by id).
    await setCreatedAt(ids[1] ?? '', '2026-03-01T10:00:00.000Z');
    await setCreatedAt(ids[2] ?? '', '2026-03-01T10:00:00.000Z');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: JournalEntryPage = await page(
        client,
        `limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...result.entries.map((e) => e.id));
      cursor = result.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 3)).toEqual([ids[4], ids[3], ids[0]]);
    const bad = await client.get('/api/journal/entries?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'The page cursor is not valid; start again from the first page',
      code: 'BAD_CURSOR',
    });
  });

  it('ranks matches in titles above those in content and highlights them safely', async () => {
    const { client } = await signedInClient(app);
    const inContent = await entryOf(client, {
      title: 'Tuesday',
      content: 'We argued about the garden & <b>again</b>, then planted tomatoes together.',
    });
    const inTitle = await entryOf(client, { title: 'Gardening day', content: 'Planted roses.' });
    await entryOf(client, { title: 'Work', content: 'Meetings all day.' });
    const result = await page(client, 'q=garden');
    expect(result.entries.map((e) => e.id)).toEqual([inTitle.id, inContent.id]);
    const [first, second] = result.entries;
    expect(first?.rank).toBeGreaterThan(second?.rank ?? 1);
    expect(second?.highlight).toContain('<mark>garden</mark>');
    expect(second?.highlight).toContain('&amp;');
    expect(second?.highlight).not.toContain('<b>');
    // Stemming: "planting" finds "planted"; web-search syntax excludes with a minus.
    expect((await page(client, 'q=planting')).entries).toHaveLength(2);
    expect((await page(client, 'q=planted%20-roses')).entries.map((e) => e.id)).toEqual([
      inContent.id,
    ]);
    expect((await page(client, 'q=%22%29%28%27%3A*')).entries).toEqual([]);
    const paged = await page(client, 'q=planted&limit=1');
    expect(paged.nextCursor).not.toBeNull();
    const rest = await page(client, `q=planted&limit=1&cursor=${paged.nextCursor ?? ''}`);
    expect(rest.entries.map((e) => e.id)).not.toEqual(paged.entries.map((e) => e.id));
  });

  it('finds a quoted phrase only where its words stand together, in that order', async () => {
    const { client } = await signedInClient(app);
    const together = await entryOf(client, { title: 'Evening', content: 'I walked river paths.' });
    const apart = await entryOf(client, {
      title: 'Noon',
      content: 'The river bank, then I walked.',
    });
    const spaced = await entryOf(client, { title: 'Dawn', content: 'We walked by the river.' });
    const edited = await entryOf(client, { title: 'Later', content: 'Nothing yet.' });
    const ids = async (q: string) =>
      (await page(client, `q=${encodeURIComponent(q)}`)).entries.map((e) => e.id).sort();
    expect(await ids('"walked river"')).toEqual([together.id]);
    expect(await ids('"walked by the river"')).toEqual([spaced.id]);
    expect(await ids('walked river')).toEqual([together.id, apart.id, spaced.id].sort());
    expect(await ids('"walked river" or "river bank"')).toEqual([together.id, apart.id].sort());
    // The pairs follow an edit, as the words do (both are generated from the text).
    await patch(client, `/api/journal/entries/${edited.id}`, {
      content: 'Later I walked river banks.',
    });
    expect(await ids('"walked river"')).toEqual([together.id, edited.id].sort());
  });

  it('filters by date range (in the user timezone), mood, type, privacy and tag', async () => {
    const { client } = await signedInClient(app);
    await patch(client, '/api/profile', { field: 'timezone', value: 'Pacific/Auckland' });
    const march = await entryOf(client, { content: 'march sea', mood: 'happy', tags: ['sea'] });
    const april = await entryOf(client, {
      content: 'april sea',
      mood: 'sad',
      inputType: 'reflection',
      privacyLevel: 'public',
    });
    // 2026-03-31 20:00 UTC is already April 1st in Auckland (UTC+13).
    await setCreatedAt(march.id, '2026-03-30T20:00:00.000Z');
    await setCreatedAt(april.id, '2026-03-31T20:00:00.000Z');
    const ids = async (query: string) => (await page(client, query)).entries.map((e) => e.id);
    expect(await ids('from=2026-04-01')).toEqual([april.id]);
    expect(await ids('to=2026-03-31')).toEqual([march.id]);
    expect(await ids('from=2026-03-31T00:00:00Z&to=2026-04-30T00:00:00Z')).toEqual([april.id]);
    expect(await ids('mood=happy')).toEqual([march.id]);
    expect(await ids('type=reflection')).toEqual([april.id]);
    expect(await ids('privacy=public')).toEqual([april.id]);
    expect(await ids('q=sea&tag=sea')).toEqual([march.id]);
    expect(await ids('q=sea&mood=sad&from=2026-04-01')).toEqual([april.id]);
    expect((await client.get('/api/journal/entries?mood=bored')).json().message).toBe(
      'Mood must be one of happy, excited, neutral, sad, angry',
    );
  });
});

describe('journal calendar', () => {
  it('counts entries per day of the month in the user timezone with the predominant mood', async () => {
    const { client } = await signedInClient(app);
    await patch(client, '/api/profile', { field: 'timezone', value: 'America/Los_Angeles' });
    const at = async (iso: string, mood: string) =>
      setCreatedAt((await entryOf(client, { content: iso, mood })).id, iso);
    await at('2026-05-02T06:00:00.000Z', 'sad'); // May 1st 23:00 in Los Angeles
    await at('2026-05-01T18:00:00.000Z', 'happy');
    await at('2026-05-01T19:00:00.000Z', 'happy');
    await at('2026-05-31T12:00:00.000Z', 'angry');
    await at('2026-06-01T06:00:00.000Z', 'excited'); // May 31st 23:00 in Los Angeles
    await at('2026-06-02T12:00:00.000Z', 'sad');
    const calendar = (
      await client.get('/api/journal/calendar?month=2026-05')
    ).json<JournalCalendar>();
    expect(calendar).toEqual({
      month: '2026-05',
      timezone: 'America/Los_Angeles',
      days: [
        { date: '2026-05-01', count: 3, mood: 'happy' },
        { date: '2026-05-31', count: 2, mood: 'angry' },
      ],
    });
    const bad = await client.get('/api/journal/calendar?month=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.json().message).toBe('Month must look like 2026-05');
  });
});
