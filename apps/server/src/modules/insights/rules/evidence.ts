// Which items a card names as its evidence: asked for by description, so the cards can be
// worked out from daily rollups and only a handful of items read (by SQL, or from memory).
import type { EvidenceItem, InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import type {
  DraftCard,
  EvidenceOrder,
  EvidenceRequest,
  InstantRange,
  WordsRequest,
} from './draft';

export type { DraftCard, EvidenceOrder, EvidenceRequest, InstantRange, WordsRequest };
import { bandOf } from './bands';
import type { InsightDay } from './day-figures';
import { addWords, topWords } from './day-words';
import { daysFromItems } from './days';
import { evidenceOf, localOf, MOOD_SCORE, type InsightItem } from './shared';

/** The request answered from days with their words (oldest first). */
export function wordsFromDays(days: readonly InsightDay[], request: WordsRequest): string[] {
  const lists = days
    .filter(
      (d) =>
        (!request.fromDay || d.day >= request.fromDay) && (!request.toDay || d.day < request.toDay),
    )
    .map((d) => {
      const words = d.figures.words;
      const group = request.kind
        ? words?.byKind[request.kind]
        : request.band
          ? words?.byBand[request.band]
          : words?.all;
      return group?.[request.direction] ?? [];
    });
  return topWords(addWords(lists), request.limit);
}

export const inRange = (at: Date, range: InstantRange) => {
  const t = at.getTime();
  return (
    (!range.gt || t > range.gt.getTime()) &&
    (!range.gte || t >= range.gte.getTime()) &&
    (!range.lt || t < range.lt.getTime()) &&
    (!range.lte || t <= range.lte.getTime())
  );
};

const scoreOf = (item: InsightItem, request: EvidenceRequest) =>
  request.scored === 'mood' ? (item.mood ? MOOD_SCORE[item.mood] : 0) : item.valence;

function matches(item: InsightItem, request: EvidenceRequest, timezone: string): boolean {
  if (request.ranges.length && !request.ranges.some((r) => inRange(item.occurredAt, r)))
    return false;
  if (request.kind && item.sourceKind !== request.kind) return false;
  if (request.band && bandOf(localOf(item, timezone).hour) !== request.band) return false;
  if (request.scored === 'worded' && !(item.result.wordCount > 0)) return false;
  if (request.scored === 'mood' && !(item.sourceKind === 'journal' && item.mood)) return false;
  if (request.sign && !(scoreOf(item, request) * request.sign > 0)) return false;
  if (request.emotion && !(item.result.emotions[request.emotion].count > 0)) return false;
  if (request.emotional && item.result.dominantEmotion === null) return false;
  if (request.theme !== undefined) {
    const theme = request.theme;
    const mentions =
      item.result.themes.some((t) => t.kind !== 'entity' && t.text.toLowerCase() === theme) ||
      item.tags.some((tag) => tag.toLowerCase() === theme);
    if (!mentions) return false;
  }
  return true;
}

/** The request answered from items (oldest first): what the SQL in the repository does. */
export function evidenceFromItems(
  items: readonly InsightItem[],
  request: EvidenceRequest,
  timezone: string,
): EvidenceItem[] {
  const time = (i: InsightItem) => i.occurredAt.getTime();
  const chosen = items.filter((i) => matches(i, request, timezone));
  const compare: Record<EvidenceOrder, (a: InsightItem, b: InsightItem) => number> = {
    newest: (a, b) => time(b) - time(a),
    oldest: (a, b) => time(a) - time(b),
    strongest: (a, b) =>
      (scoreOf(b, request) - scoreOf(a, request)) * (request.sign ?? 1) || time(b) - time(a),
    most_felt: (a, b) => Math.abs(b.valence) - Math.abs(a.valence) || time(a) - time(b),
    emotion: (a, b) => {
      const e = request.emotion ?? 'joy';
      return b.result.emotions[e].count - a.result.emotions[e].count || time(a) - time(b);
    },
  };
  return chosen.sort(compare[request.order]).slice(0, request.limit).map(evidenceOf);
}

/** Cards with their evidence items and words looked up (each card's in order). */
export async function resolveCards(
  drafts: readonly DraftCard[],
  lookup: {
    items: (request: EvidenceRequest) => Promise<EvidenceItem[]>;
    words: (request: WordsRequest) => Promise<string[]>;
  },
): Promise<InsightCard[]> {
  return Promise.all(
    drafts.map(async (draft) => {
      const { evidence } = draft;
      const [items, words] = await Promise.all([
        Promise.all(evidence.items.map(lookup.items)),
        Promise.all((evidence.wordRequests ?? []).map(lookup.words)),
      ]);
      return {
        ...draft,
        evidence: { items: items.flat(), words: [...evidence.words, ...words.flat()] },
      };
    }),
  );
}

/** resolveCards from items in memory, at once. */
export function resolveCardsFromItems(
  drafts: readonly DraftCard[],
  items: readonly InsightItem[],
  timezone: string,
): InsightCard[] {
  const sorted = [...items].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const days = daysFromItems(sorted, timezone);
  return drafts.map((draft) => ({
    ...draft,
    evidence: {
      items: draft.evidence.items.flatMap((r) => evidenceFromItems(sorted, r, timezone)),
      words: [
        ...draft.evidence.words,
        ...(draft.evidence.wordRequests ?? []).flatMap((r) => wordsFromDays(days, r)),
      ],
    },
  }));
}
