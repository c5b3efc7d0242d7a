import { describe, expect, it } from 'vitest';
import { INSIGHT_MINIMUMS } from '@kaleido/shared/insights/insights.constants';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import type { SourceKind } from '@kaleido/shared/insights/insights.constants';
import { cardIdKey, subjectIdsOf } from './card-provenance';
import { cardsOfKind } from './insight-rules';
import { bucketOf, type InsightContext, type InsightItem } from './rules/shared';
import { styleIndicatorsOf } from './style-indicators';
import { analyseText } from './text-analysis';

const NOW = new Date('2026-05-20T15:00:00Z'); // a Wednesday
const DAY = 86_400_000;
const context = (over: Partial<InsightContext> = {}): InsightContext => ({
  now: NOW,
  timezone: 'UTC',
  tone: 'neutral',
  period: 'week',
  subjectId: subjectIdsOf(cardIdKey('rules-test-secret'), 'rules-test-person'),
  ...over,
});

let counter = 0;
function item(
  text: string,
  daysAgo: number,
  over: { mood?: Mood | null; kind?: SourceKind; tags?: string[]; hour?: number } = {},
): InsightItem {
  const result = analyseText(text);
  const occurredAt = new Date(NOW.getTime() - daysAgo * DAY);
  if (over.hour !== undefined) occurredAt.setUTCHours(over.hour);
  return {
    sourceKind: over.kind ?? 'journal',
    sourceId: `item-${counter++}`,
    occurredAt,
    mood: over.mood === undefined ? 'neutral' : over.mood,
    estimatedMood: null,
    valence: result.valence,
    result,
    title: text.slice(0, 20),
    snippet: text,
    href: null,
    tags: over.tags ?? [],
  };
}

const HAPPY = 'A lovely happy day with friends.';
const SAD = 'A sad and lonely day, I feel awful.';

describe('insight rules', () => {
  it('buckets weeks from Monday and months from the 1st', () => {
    expect(bucketOf('2026-05-20', 'week')).toBe('2026-05-18');
    expect(bucketOf('2026-05-18', 'week')).toBe('2026-05-18');
    expect(bucketOf('2026-05-17', 'week')).toBe('2026-05-11');
    expect(bucketOf('2026-05-20', 'month')).toBe('2026-05-01');
  });

  it('valence trend: one item short of the minimum does not know; at the minimum it claims', () => {
    const before = [item(SAD, 14), item(SAD, 10), item(SAD, 8)];
    const short = [...before, item(HAPPY, 1)];
    expect(short).toHaveLength(INSIGHT_MINIMUMS.items - 1);
    const [unknown] = cardsOfKind('valence_trend', short, context());
    expect(unknown).toMatchObject({ status: 'not_enough_data', n: 4, interval: null });
    const [known] = cardsOfKind('valence_trend', [...short, item(HAPPY, 0)], context());
    expect(known?.status).toBe('ok');
    expect(known?.n).toBe(5);
    expect(known?.interval?.estimate).toBeGreaterThan(0);
    expect(known?.claim).toMatch(/higher this week/);
    expect(known?.evidence.words).toEqual(expect.arrayContaining(['lovely']));
    const points = known?.chart?.type === 'line' ? known.chart.points : [];
    expect(points).toHaveLength(12);
    expect(points.at(-1)).toMatchObject({ x: '2026-05-18', n: 2 });
  });

  it('mood trend counts only journal moods', () => {
    const chats = Array.from({ length: 6 }, (_, i) => item(HAPPY, i, { kind: 'chat', mood: null }));
    expect(cardsOfKind('mood_trend', chats, context())[0]?.status).toBe('not_enough_data');
  });

  it('emotion mix names the most frequent emotion with a Wilson interval', () => {
    const items = Array.from({ length: 5 }, (_, i) => item(SAD, i));
    const [card] = cardsOfKind('emotion_mix', items, context());
    expect(card?.status).toBe('ok');
    expect(card?.claim).toMatch(/^Sadness/);
    expect(card?.interval?.unit).toMatch(/sadness/);
    expect(cardsOfKind('emotion_mix', items.slice(0, 4), context())[0]?.status).toBe(
      'not_enough_data',
    );
  });

  it('better/worse days need 3 days with and 3 without', () => {
    const withTag = [0, 1, 2].map((d) => item(HAPPY, d, { mood: 'happy', tags: ['yoga'] }));
    const without = [3, 4].map((d) => item(SAD, d, { mood: 'sad' }));
    const [short] = cardsOfKind('better_worse_days', [...withTag, ...without], context());
    expect(short).toMatchObject({ status: 'not_enough_data', id: 'better_worse_days' });
    const cards = cardsOfKind(
      'better_worse_days',
      [...withTag, ...without, item(SAD, 5, { mood: 'sad' })],
      context(),
    );
    const yoga = cards.find((c) => c.evidence.words.includes('yoga'));
    expect(yoga).toMatchObject({ status: 'ok', n: 6, nUnit: 'days' });
    // Its id names the tag by a keyed digest, never by the word (decision 039).
    expect(yoga?.id).toBe(`better_worse_days:${context().subjectId('tag:yoga')}`);
    expect(yoga?.id).toMatch(/^better_worse_days:[\w-]{16}$/);
    expect(yoga?.interval?.low).toBeGreaterThan(0);
    expect(yoga?.claim).toMatch(/better days/);
  });

  it('channels and times of day need 3 items in each of two groups', () => {
    const journal = [0, 1, 2].map((d) => item(HAPPY, d));
    const chat = [0, 1].map((d) => item(SAD, d, { kind: 'chat', mood: null }));
    expect(cardsOfKind('channel_patterns', [...journal, ...chat], context())[0]?.status).toBe(
      'not_enough_data',
    );
    const [card] = cardsOfKind(
      'channel_patterns',
      [...journal, ...chat, item(SAD, 3, { kind: 'chat', mood: null })],
      context(),
    );
    expect(card?.status).toBe('ok');
    expect(card?.claim).toMatch(/more positive in journal than in chat/);

    const mornings = [0, 1, 2].map((d) => item(HAPPY, d, { hour: 8 }));
    const nights = [0, 1, 2].map((d) => item(SAD, d, { hour: 23 }));
    const [times] = cardsOfKind('time_of_day', [...mornings, ...nights], context());
    expect(times?.status).toBe('ok');
    expect(times?.claim).toMatch(/mornings than in nights/);
    // The same instants in Tokyo fall in other bands.
    const [tokyo] = cardsOfKind(
      'time_of_day',
      [...mornings, ...nights],
      context({ timezone: 'Asia/Tokyo' }),
    );
    expect(tokyo?.chart?.type === 'bars' && tokyo.chart.bars.map((b) => b.x)).not.toEqual(
      times?.chart?.type === 'bars' && times.chart.bars.map((b) => b.x),
    );
  });

  it('themes need 5 items recently and 5 before', () => {
    const recent = [0, 1, 2, 3, 4].map((d) => item('Long day at the office, deadline again.', d));
    const earlier = [20, 25, 30, 35].map((d) => item('Quiet afternoon in the garden.', d));
    expect(cardsOfKind('themes', [...recent, ...earlier], context())[0]?.status).toBe(
      'not_enough_data',
    );
    const [card] = cardsOfKind(
      'themes',
      [...recent, ...earlier, item('Quiet afternoon in the garden.', 40)],
      context(),
    );
    expect(card?.status).toBe('ok');
    expect(card?.evidence.words).toEqual(expect.arrayContaining(['office', 'garden']));
  });

  it('the weekly reflection is written in the person’s tone', () => {
    const week = [item(HAPPY, 1), item(HAPPY, 2)];
    expect(cardsOfKind('weekly_reflection', week.slice(0, 1), context())[0]?.status).toBe(
      'not_enough_data',
    );
    const gentle = cardsOfKind('weekly_reflection', week, context({ tone: 'gentle' }))[0];
    const direct = cardsOfKind('weekly_reflection', week, context({ tone: 'direct' }))[0];
    expect(gentle?.claim).toMatch(/you took the time to reflect/);
    expect(direct?.claim).toMatch(/^2 items\. Valence/);
    expect(gentle?.tone).toBe('gentle');
  });

  it('style indicators are tentative, with intervals and the words behind them', () => {
    const items = Array.from({ length: 10 }, (_, i) =>
      item('I always ruin everything and I never learn.', i),
    );
    expect(styleIndicatorsOf(items.slice(0, 9))).toMatchObject({
      status: 'not_enough_data',
      indicators: [],
    });
    const style = styleIndicatorsOf(items);
    expect(style).toMatchObject({ tentative: true, status: 'ok', n: 10 });
    const absolutist = style.indicators.find((i) => i.marker === 'absolutist');
    expect(absolutist?.words).toEqual(expect.arrayContaining(['always', 'everything', 'never']));
    expect(absolutist?.estimate).toBeGreaterThan(30);
  });
});
