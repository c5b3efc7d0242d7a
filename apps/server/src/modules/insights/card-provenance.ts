import { createHmac } from 'node:crypto';
import type { InsightKind } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import type { Provenance } from '../content/provenance';

/**
 * What an insight card may say, and to whom (DESIGN §10, decision 039).
 *
 * Without its evidence (which quotes items and the words that drove the claim), a card of a
 * `figures` kind carries only numbers over fixed vocabularies — trends over dates, the eight
 * emotions, the channels, the times of day — so a reader with the figures of every item may
 * receive it. A `words` kind names the person's themes and tags in its claim, chart, interval
 * and (before decision 039) id, so it goes to another reader only as computed from items that
 * reader may read as text. card-provenance.test.ts holds each `figures` kind to its word.
 */
export const CARD_CARRIES: Record<InsightKind, Provenance['carries']> = {
  mood_trend: 'figures',
  valence_trend: 'figures',
  emotion_mix: 'figures',
  channel_patterns: 'figures',
  time_of_day: 'figures',
  themes: 'words',
  better_worse_days: 'words',
  weekly_reflection: 'words',
};

/** The card as another reader gets it: the claim and its figures, no quoted items or words. */
export const withoutEvidence = (card: InsightCard): InsightCard => ({
  ...card,
  evidence: { items: [], words: [] },
});

/** The key card ids are derived with: the instance's secret, put to this one use. */
export const cardIdKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('insight-card-ids').digest();

/**
 * A person's subject ids: a card about a tag or a theme ("better days go with `tag:garden`")
 * is named by a keyed digest of it, the same for the same subject (a dispute names the card),
 * and saying nothing of the words without the instance's secret.
 */
export function subjectIdsOf(key: Buffer, userId: string): (subject: string) => string {
  return (subject) =>
    createHmac('sha256', key).update(`${userId}\n${subject}`).digest('base64url').slice(0, 16);
}

/**
 * A card id as disputes made before decision 039 name it (`better_worse_days:tag:work`), as the
 * card is named now; any other id as it is. Stored disputes keep working without a rewrite.
 */
export function currentCardId(insightId: string, subjectId: (subject: string) => string): string {
  const legacy = /^better_worse_days:((?:tag|theme):.+)$/s.exec(insightId)?.[1];
  return legacy ? `better_worse_days:${subjectId(legacy)}` : insightId;
}
