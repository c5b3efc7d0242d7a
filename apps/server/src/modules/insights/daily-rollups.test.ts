import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_KINDS, type SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { AnalysedItem } from '@kaleido/shared/insights/item-analysis.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { analysisDays, analysisRollups } from '../../db/schema/analysis';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { entryOf, patch } from '../../../test/fixtures/journal-fixtures';
import { patchField } from '../../../test/fixtures/profile.fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import type { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAnalysedItemsRepository } from './analysed-items.repository';
import { toInsightItem } from './daily-rollups';
import { cardsOfKind, draftsOfKind } from './insight-rules';
import { createRollupsRepository } from './rollups.repository';
import { createInsightData, cutDays } from './rules/data';
import type { DayFigures, DayWords } from './rules/day-figures';
import { daysFromItems } from './rules/days';
import { resolveCardsFromItems } from './rules/evidence';
import type { InsightItem } from './rules/shared';
import { analyseText } from './text-analysis';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { analysisWorker: true });
});
afterAll(async () => {
  await app.close();
});

/** The person's days summed from scratch from their items, and as the rollups keep them. */
async function bothWays(userId: string, timezone: string) {
  const items = await createAnalysedItemsRepository(app.database.db).itemsOf(userId);
  const rows = await app.database.db
    .select({ day: analysisDays.day, figures: analysisDays.figures, words: analysisDays.words })
    .from(analysisDays)
    .where(eq(analysisDays.userId, userId))
    .orderBy(analysisDays.day);
  // The figures with their words (kept apart), as the cards' reads and look-ups see them.
  const kept = rows.map((r) => ({
    day: r.day,
    figures: { ...(r.figures as unknown as DayFigures), words: r.words as unknown as DayWords },
  }));
  // As stored (jsonb) on both sides.
  const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  return {
    scratch: stored(daysFromItems(items.map(toInsightItem), timezone)),
    kept: stored(kept),
    timezone: (await createRollupsRepository(app.database.db).timezoneOf(userId)) ?? null,
  };
}

async function analysed(
  client: TestClient,
  id: string,
  until: (item: AnalysedItem) => boolean = () => true,
) {
  return waitFor(async () => {
    const response = await client.get(`/api/insights/items/journal/${id}`);
    if (response.status !== 200) return null;
    const item = response.json<AnalysedItem>();
    return until(item) ? item : null;
  }, `analysis of ${id}`);
}

describe('daily rollups', () => {
  it('equal the days summed from scratch after every add, edit, delete and timezone change', async () => {
    const { client, userId } = await signedInClient(app);
    expect((await patchField(client, 'timezone', 'Europe/Berlin')).status).toBe(200);
    const texts = [
      { content: 'A lovely calm walk by the river with friends.', mood: 'happy', tags: ['walk'] },
      { content: 'Awful meeting at the office, I feel tired and sad.', mood: 'sad', tags: [] },
      { content: 'Quiet evening, some tea and a good book.', mood: 'neutral', tags: ['home'] },
    ];
    const ids: string[] = [];
    for (const text of texts) {
      const entry = await entryOf(client, text);
      await analysed(client, entry.id);
      ids.push(entry.id);
    }
    let now = await bothWays(userId, 'Europe/Berlin');
    expect(now.timezone).toBe('Europe/Berlin');
    expect(now.kept).toEqual(now.scratch);
    expect(now.kept.reduce((n, d) => n + d.figures.items, 0)).toBe(3);

    // Edited: the day is summed again with the new analysis.
    const [first, second] = ids as [string, string];
    await patch(client, `/api/journal/entries/${first}`, {
      content: 'Actually a miserable, lonely walk in the rain.',
    });
    await analysed(client, first, (i) => i.result.valence < 0);
    now = await bothWays(userId, 'Europe/Berlin');
    expect(now.kept).toEqual(now.scratch);
    expect(now.kept.flatMap((d) => d.figures.factors)).toContain('tag:walk');

    // Deleted: its share of the day goes.
    expect((await client.request('DELETE', `/api/journal/entries/${second}`)).status).toBe(200);
    await waitFor(
      async () => (await client.get(`/api/insights/items/journal/${second}`)).status === 404,
      'the deleted entry’s analysis gone',
    );
    now = await bothWays(userId, 'Europe/Berlin');
    expect(now.kept).toEqual(now.scratch);
    expect(now.kept.reduce((n, d) => n + d.figures.items, 0)).toBe(2);

    // Another timezone: the next read counts the days again in it.
    expect((await patchField(client, 'timezone', 'Pacific/Kiritimati')).status).toBe(200);
    expect((await client.get('/api/insights')).status).toBe(200);
    now = await bothWays(userId, 'Pacific/Kiritimati');
    expect(now.timezone).toBe('Pacific/Kiritimati');
    expect(now.kept).toEqual(now.scratch);
  });

  it('go with the derived data and with "Delete my data"', async () => {
    const { client, userId } = await signedInClient(app);
    const rowsOf = async () => ({
      days: await app.database.db
        .select()
        .from(analysisDays)
        .where(eq(analysisDays.userId, userId)),
      built: await app.database.db
        .select()
        .from(analysisRollups)
        .where(eq(analysisRollups.userId, userId)),
    });
    const entry = await entryOf(client, { content: 'Such a happy, sunny day.', mood: 'happy' });
    await analysed(client, entry.id);
    expect((await rowsOf()).days).toHaveLength(1);
    const exported = (await client.get('/api/account/export')).json<{
      analysis: { daily_rollups: { timezone: string; days: { items: number }[] } };
    }>();
    expect(exported.analysis.daily_rollups).toMatchObject({
      timezone: 'UTC',
      days: [{ items: 1 }],
    });

    expect((await client.request('DELETE', '/api/insights/derived')).status).toBe(200);
    expect(await rowsOf()).toEqual({ days: [], built: [] });

    // Analysed again after an edit, then everything of the person's data deleted.
    await patch(client, `/api/journal/entries/${entry.id}`, { content: 'A calm, happy day.' });
    await analysed(client, entry.id);
    expect((await rowsOf()).days).toHaveLength(1);
    expect((await client.post('/api/account/delete-data')).status).toBe(200);
    expect(await rowsOf()).toEqual({ days: [], built: [] });
  });
});

describe('insight cards from rollups', () => {
  const TEXTS = [
    'A lovely happy day with friends.',
    'A sad and lonely day, I feel awful.',
    'Long day at the office, deadline again.',
    'Quiet afternoon in the garden, calm and grateful.',
    'I am so angry about the broken train again.',
    'Nothing special happened today.',
    'Excited for the trip, a little nervous too.',
  ];
  const KINDS: SourceKind[] = ['journal', 'chat', 'voice_note', 'mail'];
  const MOODS: (Mood | null)[] = ['happy', 'excited', 'neutral', 'sad', 'angry', null];
  const NOW = new Date('2026-05-20T15:00:00Z');

  it('are the cards worked out from every item, in any timezone and period', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const analysed = TEXTS.map((text) => ({ text, result: analyseText(text) }));
    for (const span of [20, 120, 420]) {
      const items: InsightItem[] = Array.from({ length: 300 }, (_, i) => {
        const { text, result } = pick(analysed);
        const kind = pick(KINDS);
        return {
          sourceKind: kind,
          sourceId: `item-${span}-${i}`,
          // A few in the future (a clock set ahead); the rest over the span.
          occurredAt: new Date(
            NOW.getTime() + (random() - (random() < 0.03 ? 0 : 1)) * span * 86_400_000,
          ),
          mood: kind === 'journal' ? pick(MOODS) : null,
          estimatedMood: null,
          valence: result.valence,
          result,
          title: text.slice(0, 12),
          snippet: text,
          href: null,
          tags: random() < 0.4 ? [pick(['yoga', 'Work', 'family'])] : [],
        };
      });
      for (const timezone of ['UTC', 'Europe/Berlin', 'Asia/Kolkata'])
        for (const period of ['day', 'week', 'month'] as const) {
          const context = {
            now: NOW,
            timezone,
            tone: 'neutral' as const,
            period,
            subjectId: (subject: string) => `id-of-${subject.length}`,
          };
          const stored = JSON.parse(JSON.stringify(daysFromItems(items, timezone))) as ReturnType<
            typeof daysFromItems
          >;
          const data = createInsightData({
            now: NOW,
            timezone,
            rollups: stored,
            raw: items,
            rawDays: cutDays(NOW, timezone, null),
            historyFrom: null,
          });
          for (const kind of INSIGHT_KINDS)
            expect(
              resolveCardsFromItems(draftsOfKind(kind, data, context), items, timezone),
              `${kind} ${timezone} ${period} ${span}`,
            ).toEqual(cardsOfKind(kind, items, context));
        }
    }
  });
});
