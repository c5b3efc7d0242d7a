import {
  PERSONALITY_ATTRIBUTION,
  PERSONALITY_CAVEATS,
  PERSONALITY_INSTRUCTIONS,
  PERSONALITY_ITEMS,
  PERSONALITY_SCALE,
  scorePersonality,
  type PersonalityOverview,
  type PersonalityResult,
} from '@kaleido/shared/insights/personality';
import type { AnalysedItemsRepository } from './analysed-items.repository';
import { toInsightItem } from './daily-rollups';
import { historyFrom } from './insight-context';
import type { PersonalityRepository } from './personality.repository';
import { styleIndicatorsOf } from './style-indicators';

export type PersonalityQuestionnaire = ReturnType<typeof createPersonalityQuestionnaire>;

/**
 * The IPIP-50 questionnaire, the person's own answers scored, beside style indicators from what
 * they wrote (never a personality inferred from it).
 */
export function createPersonalityQuestionnaire(deps: {
  personality: Pick<PersonalityRepository, 'personalityOf' | 'savePersonality'>;
  items: Pick<AnalysedItemsRepository, 'itemsOf'>;
  now: () => Date;
}) {
  return {
    /** The IPIP-50 questionnaire with the person's past results (newest first). */
    async overview(userId: string): Promise<PersonalityOverview> {
      const [results, items] = await Promise.all([
        deps.personality.personalityOf(userId),
        deps.items.itemsOf(userId, { from: historyFrom(deps.now()) }),
      ]);
      return {
        instructions: PERSONALITY_INSTRUCTIONS,
        scale: [...PERSONALITY_SCALE],
        items: [...PERSONALITY_ITEMS],
        attribution: PERSONALITY_ATTRIBUTION,
        caveats: PERSONALITY_CAVEATS,
        results: results.map((r) => ({
          id: r.id,
          takenAt: r.takenAt.toISOString(),
          scores: r.scores,
        })),
        styleIndicators: styleIndicatorsOf(items.map(toInsightItem)),
      };
    },

    /** One more take of the questionnaire, scored and kept (retaking adds, never replaces). */
    async take(userId: string, answers: number[]): Promise<PersonalityResult> {
      const row = await deps.personality.savePersonality({
        userId,
        answers,
        scores: scorePersonality(answers),
        takenAt: deps.now(),
      });
      return { id: row.id, takenAt: row.takenAt.toISOString(), scores: row.scores };
    },
  };
}
