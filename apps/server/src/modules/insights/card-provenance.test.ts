import { describe, expect, it } from 'vitest';
import {
  INSIGHT_KINDS,
  INSIGHT_PERIODS,
  INSIGHT_TONES,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import {
  CARD_CARRIES,
  cardIdKey,
  currentCardId,
  subjectIdsOf,
  withoutEvidence,
} from './card-provenance';
import { cardsOfKind } from './insight-rules';
import type { InsightContext, InsightItem } from './rules/shared';
import { analyseText } from './text-analysis';

/**
 * CARD_CARRIES holds each kind to its word: a `figures` card, its evidence left out, says
 * nothing the person wrote — whatever they wrote, in any tone or period — so a reader with the
 * figures of every item may have it (decision 039). Ids name subjects by a keyed digest.
 */

const NOW = new Date('2026-05-20T15:00:00Z');
const DAY = 86_400_000;
/** Words only the person wrote: marker lemmas, a tag, a title, and lexicon words of theirs. */
const MARKERS = ['zqcustody', 'zqkumquat', 'zqtagword', 'zqtitleword', 'zqsnippet'];
const THEIR_LEXICON_WORDS = ['hopeless', 'miserable', 'lovely', 'grateful'];
const key = cardIdKey('card-provenance-test-secret');

const KINDS: SourceKind[] = ['journal', 'chat', 'mail', 'voice_note', 'call'];
const TEXTS = [
  'The zqcustody lawyer called again, I feel hopeless and miserable.',
  'We talked about zqkumquat smuggling, hopeless and miserable.',
  'A lovely zqcustody morning, grateful and happy.',
  'Lovely zqkumquat afternoon with friends, so grateful.',
];

let counter = 0;
function item(daysAgo: number, n: number): InsightItem {
  const text = TEXTS[n % TEXTS.length] ?? '';
  const result = analyseText(text);
  const occurredAt = new Date(NOW.getTime() - daysAgo * DAY - (n % 24) * 3_600_000);
  const moods: Mood[] = ['happy', 'sad', 'neutral', 'angry', 'excited'];
  return {
    sourceKind: KINDS[n % KINDS.length] ?? 'journal',
    sourceId: `item-${counter++}`,
    occurredAt,
    mood: moods[n % moods.length] ?? null,
    estimatedMood: null,
    valence: result.valence,
    result,
    title: `A zqtitleword ${n}`,
    snippet: `zqsnippet ${text}`,
    href: null,
    tags: n % 2 ? ['zqtagword'] : [],
  };
}

function withText(text: string, mood: Mood, tags: string[]) {
  const result = analyseText(text);
  return { sourceKind: 'journal' as const, result, valence: result.valence, mood, tags };
}

// Eighty days of everything: every card has enough to claim.
const items = Array.from({ length: 160 }, (_, n) => item(Math.floor(n / 2), n));

describe('what an insight card carries', () => {
  it('says nothing the person wrote in a figures card, in any tone and period', () => {
    for (const tone of INSIGHT_TONES)
      for (const period of INSIGHT_PERIODS) {
        const context: InsightContext = {
          now: NOW,
          timezone: 'Europe/Paris',
          tone,
          period,
          subjectId: subjectIdsOf(key, 'person'),
        };
        for (const kind of INSIGHT_KINDS) {
          const cards = cardsOfKind(kind, items, context).map(withoutEvidence);
          const text = JSON.stringify(cards).toLowerCase();
          const words = [...MARKERS, ...THEIR_LEXICON_WORDS].filter((w) => text.includes(w));
          if (CARD_CARRIES[kind] !== 'figures') continue;
          // Claims, with their charts and intervals: something to say, none of it theirs.
          expect(
            cards.map((c) => c.status),
            `${kind} ${tone} ${period}`,
          ).toContain('ok');
          expect(words, `${kind} ${tone} ${period}`).toEqual([]);
        }
      }
  });

  it('carries the person’s words in the kinds declared to carry them', () => {
    const context: InsightContext = {
      now: NOW,
      timezone: 'UTC',
      tone: 'neutral',
      period: 'week',
      subjectId: subjectIdsOf(key, 'person'),
    };
    // Calm tagged days before, and a private matter rising in the last two weeks.
    const before = Array.from({ length: 12 }, (_, n) => ({
      ...item(20 + n * 3, 0),
      ...withText('A lovely calm morning, grateful.', 'happy', ['zqtagword']),
    }));
    const lately = Array.from({ length: 8 }, (_, n) => ({
      ...item(n, 0),
      ...withText('The zqcustody lawyer called again, hopeless.', 'sad', []),
    }));
    const said = (kind: (typeof INSIGHT_KINDS)[number]) =>
      JSON.stringify(
        cardsOfKind(kind, [...before, ...lately], context).map(withoutEvidence),
      ).toLowerCase();
    // The declaration is needed: these claims name themes and tags.
    expect(MARKERS.some((m) => said('themes').includes(m))).toBe(true);
    expect(MARKERS.some((m) => said('weekly_reflection').includes(m))).toBe(true);
    expect(MARKERS.some((m) => said('better_worse_days').includes(m))).toBe(true);
  });

  it('names a subject by a digest keyed by the instance and the person, never by its words', () => {
    const ana = subjectIdsOf(key, 'ana');
    expect(ana('tag:garden')).toBe(ana('tag:garden'));
    expect(ana('tag:garden')).toMatch(/^[\w-]{16}$/);
    expect(ana('tag:garden')).not.toContain('garden');
    expect(ana('tag:garden')).not.toBe(ana('tag:work'));
    expect(subjectIdsOf(key, 'ben')('tag:garden')).not.toBe(ana('tag:garden'));
    expect(subjectIdsOf(cardIdKey('another-secret'), 'ana')('tag:garden')).not.toBe(
      ana('tag:garden'),
    );
    for (const card of cardsOfKind('better_worse_days', items, {
      now: NOW,
      timezone: 'UTC',
      tone: 'neutral',
      period: 'week',
      subjectId: ana,
    }))
      expect(card.id).toMatch(/^better_worse_days(:[\w-]{16})?$/);
  });

  it('reads the ids disputes named before ids lost their words as today’s ids', () => {
    const ana = subjectIdsOf(key, 'ana');
    expect(currentCardId('better_worse_days:tag:garden', ana)).toBe(
      `better_worse_days:${ana('tag:garden')}`,
    );
    expect(currentCardId('better_worse_days:theme:calm walk', ana)).toBe(
      `better_worse_days:${ana('theme:calm walk')}`,
    );
    for (const id of ['weekly_reflection', 'valence_trend:week', `better_worse_days:${ana('x')}`])
      expect(currentCardId(id, ana)).toBe(id);
  });
});
