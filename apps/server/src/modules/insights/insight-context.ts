import {
  toneOf,
  type InsightPeriod,
  type InsightReader,
} from '@kaleido/shared/insights/insights.constants';
import { usableTimezone } from '../../lib/timezone';
import { cardIdKey, subjectIdsOf } from './card-provenance';
import { DAY_MS, type InsightContext } from './rules/shared';

export type InsightContexts = ReturnType<typeof createInsightContexts>;

export const DEFAULT_PERIOD: InsightPeriod = 'week';
/** How far back cards look: a year covers every window (12 months). */
const HISTORY_DAYS = 400;

export const historyFrom = (at: Date) => new Date(at.getTime() - HISTORY_DAYS * DAY_MS);

/**
 * What a person's cards are computed in: now, their timezone and tone, the period asked for,
 * and the ids their tags and themes go by in card ids (a digest keyed with the instance's
 * secret, card-provenance.ts).
 */
export function createInsightContexts(deps: {
  profiles: {
    find(userId: string): Promise<{ timezone: string; emoTonePreference: string } | null>;
  };
  /** The instance's secret: card ids name tags and themes by a digest keyed with it. */
  secret: string;
  now: () => Date;
}) {
  const idKey = cardIdKey(deps.secret);
  const subjectIds = (userId: string) => subjectIdsOf(idKey, userId);

  return {
    subjectIds,

    /**
     * The person's tone is how they asked to be spoken to; another reader (their professional)
     * reads about them in the plain, neutral wording.
     */
    async of(
      userId: string,
      period: InsightPeriod,
      reader: InsightReader = 'self',
    ): Promise<InsightContext> {
      const profile = await deps.profiles.find(userId);
      return {
        now: deps.now(),
        timezone: usableTimezone(profile?.timezone),
        tone: reader === 'self' ? toneOf(profile?.emoTonePreference) : 'neutral',
        period,
        subjectId: subjectIds(userId),
        reader,
      };
    },
  };
}
