import type { AnalysedItemsRepository } from './analysed-items.repository';
import type { DailyRollups } from './daily-rollups';
import type { DisputesRepository } from './disputes.repository';
import type { InsightsSettingsRepository } from './insights-settings.repository';
import type { PersonalModelRepository } from './personal-model.repository';
import type { PersonalityRepository } from './personality.repository';
import type { ReflectionsRepository } from './reflections.repository';

/** The repositories the export reads, one per table group. */
export interface InsightsExportSources {
  items: Pick<AnalysedItemsRepository, 'everythingOf'>;
  settings: Pick<InsightsSettingsRepository, 'enabled' | 'llmReflection'>;
  disputes: Pick<DisputesRepository, 'disputesOf'>;
  models: Pick<PersonalModelRepository, 'findModel'>;
  personality: Pick<PersonalityRepository, 'personalityOf'>;
  reflections: Pick<ReflectionsRepository, 'reflectionsOf'>;
  rollups: Pick<DailyRollups, 'exportOf'>;
}

/**
 * Analysis's section of the account export (insights-account-data.ts): every derived row, the
 * daily rollups, written reflections, disputes, questionnaire results, the mood model and the
 * person's choices, in the export's snake_case shape.
 */
export async function insightsExportOf(from: InsightsExportSources, userId: string) {
  const [enabled, llmReflection, items, disputes, model, personality, days, reflections] =
    await Promise.all([
      from.settings.enabled(userId),
      from.settings.llmReflection(userId),
      from.items.everythingOf(userId),
      from.disputes.disputesOf(userId),
      from.models.findModel(userId),
      from.personality.personalityOf(userId),
      from.rollups.exportOf(userId),
      from.reflections.reflectionsOf(userId),
    ]);
  return {
    settings: { enabled, llm_reflection: llmReflection },
    items: items.map((item) => ({
      source_kind: item.sourceKind,
      source_id: item.sourceId,
      occurred_at: item.occurredAt.toISOString(),
      analysed_at: item.analysedAt.toISOString(),
      mood: item.mood,
      estimated_mood: item.estimatedMood,
      result: item.result,
      terms: item.terms,
      title: item.title,
      snippet: item.snippet,
      tags: item.tags,
    })),
    disputes: disputes.map((d) => ({
      insight_id: d.insightId,
      kind: d.kind,
      claim: d.claim,
      reason: d.reason,
      words: d.words,
      created_at: d.createdAt.toISOString(),
    })),
    personality: personality.map((p) => ({
      taken_at: p.takenAt.toISOString(),
      answers: p.answers,
      scores: p.scores,
    })),
    daily_rollups: days,
    weekly_reflections: reflections.map((r) => ({
      week: r.week,
      text: r.text,
      model: r.model,
      written_at: r.writtenAt.toISOString(),
    })),
    personal_model: model
      ? {
          model: model.model,
          entries: model.entries,
          updated_at: model.updatedAt.toISOString(),
        }
      : null,
  };
}
