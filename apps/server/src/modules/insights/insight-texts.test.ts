import { describe, expect, it } from 'vitest';
import {
  INSIGHT_KINDS,
  INSIGHT_PERIODS,
  INSIGHT_READERS,
  INSIGHT_TONES,
  type InsightKind,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { cardIdKey, subjectIdsOf } from './card-provenance';
import { cardsOfKind } from './insight-rules';
import type { InsightContext, InsightItem } from './rules/shared';
import { analyseText } from './text-analysis';

/**
 * Every text a card shows, for every kind, in every state it can be in, in each tone, for both
 * readers: the person ("you") and their professional ("they"). Each is made of whole
 * sentences, and a card that does not know yet says what it needs with the same figures as
 * its basis line ("2 of 5 items so far").
 */

const NOW = new Date('2026-05-20T15:00:00Z'); // a Wednesday
const DAY = 86_400_000;

let counter = 0;
function item(
  text: string,
  daysAgo: number,
  over: { mood?: Mood | null; kind?: SourceKind; tags?: string[]; hour?: number } = {},
): InsightItem {
  const result = analyseText(text);
  const occurredAt = new Date(NOW.getTime() - daysAgo * DAY);
  occurredAt.setUTCHours(over.hour ?? 9);
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

const HAPPY = 'A lovely happy day with friends, I feel joyful and calm.';
const SAD = 'A sad and lonely day at work, I feel awful and afraid.';
const PLAIN = 'Walked to the shop and back, then read a book about gardens.';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Histories that between them put every kind in each of its states. */
const HISTORIES: Record<string, InsightItem[]> = {
  'nothing yet': [],
  'two items today': [item(HAPPY, 0, { mood: 'happy' }), item(SAD, 0, { mood: 'sad' })],
  'fifteen entries on one day': range(15).map((i) =>
    item(i % 2 ? HAPPY : SAD, 0, { mood: i % 2 ? 'happy' : 'sad', hour: 8 + (i % 12) }),
  ),
  'only earlier weeks': range(8).map((i) => item(i % 2 ? HAPPY : SAD, 20 + i * 3)),
  'only this week, in one channel': range(6).map((i) => item(HAPPY, i % 3, { mood: 'happy' })),
  'one entry this week, one before': [item(HAPPY, 0), ...range(5).map((i) => item(SAD, 0 - i))],
  'a second channel with one message': [
    ...range(5).map((i) => item(HAPPY, i)),
    item(SAD, 1, { kind: 'chat' }),
  ],
  'months getting better, work on bad days': range(120).map((i) => {
    const daysAgo = 119 - i;
    const good = i > 60 ? i % 5 !== 0 : i % 5 === 0;
    return item(good ? HAPPY : SAD, daysAgo, {
      mood: good ? 'happy' : 'sad',
      kind: i % 3 === 0 ? 'chat' : i % 7 === 0 ? 'mail' : 'journal',
      tags: good ? ['garden'] : ['work'],
      hour: good ? 9 : 21,
    });
  }),
  'months getting worse': range(120).map((i) => {
    const good = i < 60 ? i % 4 !== 0 : i % 4 === 0;
    return item(good ? HAPPY : SAD, 119 - i, {
      mood: good ? 'happy' : 'sad',
      kind: i % 2 ? 'chat' : 'journal',
      hour: i % 2 ? 13 : 7,
    });
  }),
  'the same every day': range(60).map((i) =>
    item(i % 2 ? PLAIN : HAPPY, i, { mood: 'neutral', kind: i % 2 ? 'voice_note' : 'journal' }),
  ),
};

const context = (over: Partial<InsightContext>): InsightContext => ({
  now: NOW,
  timezone: 'UTC',
  tone: 'neutral',
  period: 'week',
  subjectId: subjectIdsOf(cardIdKey('texts-test-secret'), 'texts-test-person'),
  ...over,
});

/** Sentences in a text, split after . ! ? followed by a space (numbers like 0.25 stay whole). */
const sentencesOf = (text: string) => text.split(/(?<=[.!?]["”)]?)\s+/);

function problemsOf(card: InsightCard, reader: 'self' | 'other'): string[] {
  const problems: string[] = [];
  for (const sentence of sentencesOf(card.claim)) {
    if (!/^["“]?[A-Z0-9]/.test(sentence)) problems.push(`starts in lower case: "${sentence}"`);
  }
  if (!/[.!?]["”)]?$/.test(card.claim)) problems.push('does not end a sentence');
  if (/we don.t know/i.test(card.claim)) problems.push('says "we don\'t know"');
  if (/\s\s|\s[.,;:]/.test(card.claim)) problems.push('has a stray space');
  const shown = [card.title, card.claim, card.chart?.summary ?? ''].join(' ');
  if (reader === 'other' && /\byou(r|rs|rself)?\b/i.test(shown))
    problems.push(`speaks to the person in front of another reader: "${shown}"`);
  if (reader === 'self' && /\b(they|their|them)\b/i.test(card.title))
    problems.push('titles the person in the third person');
  if (card.status === 'not_enough_data') {
    if (card.n >= card.minimum) problems.push(`n ${card.n} is not below minimum ${card.minimum}`);
    if (!card.claim.includes(String(card.minimum)))
      problems.push(`does not name the minimum ${card.minimum}`);
    if (card.n > 0 && !new RegExp(`\\b${card.n}\\b`).test(card.claim))
      problems.push(`does not name how far it is (${card.n})`);
    if (card.interval !== null) problems.push('has an interval without data');
  } else if (card.n < card.minimum) problems.push(`claims on ${card.n} below ${card.minimum}`);
  return problems;
}

describe('insight card texts', () => {
  const seen = new Map<InsightKind, Set<string>>(INSIGHT_KINDS.map((k) => [k, new Set()]));
  const cases = Object.entries(HISTORIES).flatMap(([history, items]) =>
    INSIGHT_READERS.flatMap((reader) =>
      INSIGHT_TONES.flatMap((tone) =>
        INSIGHT_PERIODS.map((period) => ({ history, items, reader, tone, period })),
      ),
    ),
  );

  it('every card of every kind, state, tone and reader reads as whole sentences', () => {
    const problems: string[] = [];
    for (const { history, items, reader, tone, period } of cases)
      for (const kind of INSIGHT_KINDS)
        for (const card of cardsOfKind(kind, items, context({ tone, period, reader }))) {
          seen.get(kind)?.add(card.status);
          for (const problem of problemsOf(card, reader))
            problems.push(`${kind} (${history}; ${reader}, ${tone}, ${period}): ${problem}`);
        }
    expect(problems).toEqual([]);
    // Each kind was seen both knowing and not knowing yet, so both states were checked.
    for (const [kind, statuses] of seen)
      expect([...statuses].sort(), kind).toEqual(['not_enough_data', 'ok']);
  });

  it('fifteen entries on one day: the trend asks for more days, as its basis counts them', () => {
    const [trend] = cardsOfKind(
      'mood_trend',
      HISTORIES['fifteen entries on one day'] ?? [],
      context({}),
    );
    expect(trend).toMatchObject({ status: 'not_enough_data', n: 1, minimum: 3, nUnit: 'days' });
    expect(trend?.claim).toBe(
      'Not enough data yet: this needs journal entries with a mood on 3 different days, and you have them on 1 day so far.',
    );
  });

  it('another reader reads about the person, in the neutral wording', () => {
    const items = HISTORIES['months getting better, work on bad days'] ?? [];
    const [valence] = cardsOfKind('valence_trend', items, context({ reader: 'other' }));
    expect(valence?.title).toBe('How their words feel');
    const [week] = cardsOfKind('weekly_reflection', items, context({ reader: 'other' }));
    expect(week?.title).toBe('Their week');
    const [own] = cardsOfKind('valence_trend', items, context({ reader: 'self' }));
    expect(own?.title).toBe('How your words feel');
  });
});
