import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ANALYSIS_VERSION,
  EMOTIONS,
  INSIGHT_MINIMUMS,
  INSIGHTS_MESSAGES,
  SOURCE_KINDS,
} from '@kaleido/shared/insights/insights.constants';
import type {
  AnalysisSettings,
  AnalysisSettingsBody,
  DerivedDataDeleted,
  ItemAnalysis,
  MoodEstimate,
  ServerInsightsEvent,
} from '@kaleido/shared/insights/insights.schemas';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { ContentEvents, ContentRef, EmotionalState } from '../content/content-events';
import { insightsExportOf } from './insights-export';
import type { AnalysisRepository } from './analysis.repository';
import type { DailyRollups } from './daily-rollups';
import {
  emptyModel,
  estimateMood,
  isMoodModel,
  trainModel,
  type MoodModel,
} from './personal-model';
import { analyse } from './text-analysis';

export const ANALYSIS_JOB = 'analysis';
export const ANALYSIS_CATCH_UP_JOB = 'analysis-catch-up';

const RefSchema = z.object({
  userId: z.uuid(),
  kind: z.enum(SOURCE_KINDS),
  id: z.string().min(1).max(100),
});
const CatchUpSchema = z.object({ userId: z.uuid() });

/** The keys analysis writes into an item's emotional_state (and removes with derived data). */
export const EMOTIONAL_STATE_KEYS = [
  'valence',
  'dominant_emotion',
  ...EMOTIONS,
  'estimated_mood',
  'analysis_version',
] as const;

const SNIPPET_LENGTH = 160;
const jobKey = (ref: ContentRef) => `analysis:${ref.kind}:${ref.id}`;

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH - 1)}…` : flat;
}

/** The summary kept on the item itself (SPEC §3 emotional_state). */
export function emotionalStateOf(
  result: ItemAnalysis,
  estimate: MoodEstimate | null,
): EmotionalState {
  const state: EmotionalState = { valence: result.valence, analysis_version: result.version };
  if (result.dominantEmotion) state.dominant_emotion = result.dominantEmotion;
  for (const emotion of EMOTIONS)
    if (result.emotions[emotion].score > 0) state[emotion] = result.emotions[emotion].score;
  if (estimate) state.estimated_mood = estimate.mood;
  return state;
}

/**
 * The analysis pipeline (DESIGN §9): whatever a person writes or says is analysed by an
 * `analysis` job after it is saved, again when it changes, and its derived row goes when it
 * goes. Nothing is computed for someone who turned analysis off; nothing leaves the server.
 */
export function createAnalysisService(deps: {
  repository: AnalysisRepository;
  content: ContentEvents;
  jobs: JobQueue;
  bus: Pick<EventBus, 'publish'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** False: jobs are queued but this instance does not run them. */
  runsJobs?: boolean;
  /** The instance's real-time analysis toggle; off, what is saved is not queued for analysis. */
  realtimeAnalysis?: () => Promise<boolean>;
  /** Whether the operator configured a language model (LLM_*) for weekly reflections. */
  llmAvailable?: boolean;
  /** Daily rollups, kept in step with every item written or removed. */
  rollups: DailyRollups;
  /** The person's timezone (one the runtime knows): what their days are counted in. */
  timezoneOf: (userId: string) => Promise<string>;
  now: () => Date;
}) {
  const { repository, content, jobs, now, rollups } = deps;

  /** Removes an item's derived row and its share of its day. Returns whether a row went. */
  async function removeItem(userId: string, kind: ContentRef['kind'], sourceId: string) {
    const existing = await repository.findItem(userId, kind, sourceId);
    if (!existing) return null;
    await rollups.write(userId, await deps.timezoneOf(userId), [existing.occurredAt], (items) =>
      items.deleteItem(userId, kind, sourceId),
    );
    return existing;
  }
  const ready = () => Promise.resolve(deps.runsJobs ?? true);

  /** Told after an item is analysed anew (care alerts); their errors are logged, not thrown. */
  const analysedListeners: ((userId: string) => Promise<void>)[] = [];

  async function announce(userId: string, data: ServerInsightsEvent) {
    await deps.bus.publish({ room: userRoom(userId), name: 'insights.updated', data });
  }

  /** The insights service's preparation of the cards (set once both services exist). */
  let prepareCards: ((userId: string) => Promise<string | null>) | null = null;

  /**
   * An item's change announced, with the cards someone is looking at computed anew first, so the
   * dashboard that refetches on the announcement reads them ready. A failure to prepare only
   * leaves them to be computed on that read.
   */
  async function announceChange(userId: string, data: ServerInsightsEvent) {
    let cardsToken: string | null = null;
    try {
      cardsToken = (await prepareCards?.(userId)) ?? null;
    } catch (error) {
      deps.log.error({ err: error }, 'insight cards not prepared');
    }
    await announce(userId, cardsToken ? { ...data, cardsToken } : data);
  }

  async function modelOf(userId: string): Promise<MoodModel> {
    const row = await repository.findModel(userId);
    return row && isMoodModel(row.model) ? row.model : emptyModel();
  }

  /** Relearns the person's mood model from their own journal moods, minus disputed words. */
  async function retrain(userId: string): Promise<MoodModel> {
    const [samples, disputes] = await Promise.all([
      repository.moodSamples(userId),
      repository.disputesOf(userId),
    ]);
    const excluded = new Set(disputes.flatMap((d) => d.words.map((w) => w.toLowerCase())));
    const model = trainModel(
      samples.flatMap((s) => (s.mood ? [{ mood: s.mood, terms: s.terms }] : [])),
      excluded,
    );
    await repository.saveModel(userId, model, model.entries, now());
    return model;
  }

  async function analyseItem(ref: ContentRef): Promise<void> {
    if (!(await repository.enabled(ref.userId))) return;
    const source = content.source(ref.kind);
    if (!source) return;
    const item = await source.load(ref.id);
    if (!item || item.userId !== ref.userId || !item.text.trim()) {
      if (await removeItem(ref.userId, ref.kind, ref.id))
        await announceChange(ref.userId, {
          reason: 'removed',
          sourceKind: ref.kind,
          sourceId: ref.id,
        });
      return;
    }
    const hash = createHash('sha256')
      .update(JSON.stringify([ANALYSIS_VERSION, item.text, item.mood, item.tags]))
      .digest('hex');
    const existing = await repository.findItem(ref.userId, ref.kind, ref.id);
    // Saved again unchanged (a title, privacy): nothing new to learn. The summary is written
    // again, since a person may have replaced the whole emotional_state meanwhile.
    if (existing?.contentHash === hash) {
      if (existing.title !== item.title || existing.href !== item.href) {
        await rollups.write(
          ref.userId,
          await deps.timezoneOf(ref.userId),
          [existing.occurredAt],
          (items) => items.upsertItem({ ...existing, title: item.title, href: item.href }),
        );
        // Cards name their evidence by title: the kept ones are out of date.
        await announceChange(ref.userId, {
          reason: 'analysed',
          sourceKind: ref.kind,
          sourceId: ref.id,
        });
      }
      await source.setEmotionalState?.(
        ref.id,
        emotionalStateOf(existing.result, existing.estimatedMood),
        EMOTIONAL_STATE_KEYS,
      );
      return;
    }
    const { result, terms } = analyse(item.text);
    const estimate = item.mood
      ? null
      : estimateMood(await modelOf(ref.userId), terms, INSIGHT_MINIMUMS.modelEntries);
    const row = {
      userId: ref.userId,
      sourceKind: ref.kind,
      sourceId: ref.id,
      occurredAt: item.occurredAt,
      mood: item.mood,
      estimatedMood: estimate,
      valence: result.valence,
      dominantEmotion: result.dominantEmotion,
      result,
      terms,
      title: item.title,
      snippet: snippetOf(item.text),
      href: item.href,
      tags: item.tags,
      contentHash: hash,
      analysedAt: now(),
    };
    await rollups.write(
      ref.userId,
      await deps.timezoneOf(ref.userId),
      [item.occurredAt, existing?.occurredAt],
      (items) => items.upsertItem(row),
    );
    await source.setEmotionalState?.(
      ref.id,
      emotionalStateOf(result, estimate),
      EMOTIONAL_STATE_KEYS,
    );
    if (item.mood !== null || existing?.mood) await retrain(ref.userId);
    await announceChange(ref.userId, {
      reason: 'analysed',
      sourceKind: ref.kind,
      sourceId: ref.id,
    });
    for (const listener of analysedListeners)
      await listener(ref.userId).catch((error: unknown) => {
        deps.log.error({ err: error }, 'a listener of analysed items failed');
      });
  }

  jobs.define(ANALYSIS_JOB, { payload: RefSchema, maxAttempts: 3, ready }, async (ref) => {
    await analyseItem(ref);
  });

  // Switched back on: everything the person wrote meanwhile is analysed, one job per item.
  jobs.define(ANALYSIS_CATCH_UP_JOB, { payload: CatchUpSchema, ready }, async ({ userId }) => {
    if (!(await repository.enabled(userId))) return;
    for (const kind of content.kinds()) {
      const ids = (await content.source(kind)?.idsOf(userId)) ?? [];
      for (const id of ids) await queue({ userId, kind, id });
    }
  });

  async function queue(ref: ContentRef) {
    await jobs.enqueue(ANALYSIS_JOB, ref, { key: jobKey(ref) });
  }

  content.onSaved(async (ref) => {
    try {
      // The instance's real-time analysis toggle (docs/compliance.md): off, nothing is queued.
      if (deps.realtimeAnalysis && !(await deps.realtimeAnalysis())) return;
      if (await repository.enabled(ref.userId)) await queue(ref);
    } catch (error) {
      deps.log.error({ err: error, kind: ref.kind }, 'analysis could not be queued');
    }
  });

  content.onDeleted(async (ref) => {
    try {
      await jobs.cancel(jobKey(ref));
      const existing = await removeItem(ref.userId, ref.kind, ref.id);
      if (!existing) return;
      if (existing.mood) await retrain(ref.userId);
      await announceChange(ref.userId, {
        reason: 'removed',
        sourceKind: ref.kind,
        sourceId: ref.id,
      });
    } catch (error) {
      deps.log.error({ err: error, kind: ref.kind }, 'derived data of a deleted item not removed');
    }
  });

  return {
    analyseItem,
    retrain,
    modelOf,

    /**
     * The person's daily rollups summed again from their items (after their derived rows were
     * changed by other means than this service: an operator's repair, a test's backdating).
     */
    async rebuildRollups(userId: string) {
      await rollups.rebuild(userId, await deps.timezoneOf(userId));
    },

    /** Lets the insights service prepare cards before an item's change is announced. */
    prepareCardsWith(prepare: (userId: string) => Promise<string | null>) {
      prepareCards = prepare;
    },

    /** Calls `listener` with the person's id each time one of their items is analysed anew. */
    onAnalysed(listener: (userId: string) => Promise<void>) {
      analysedListeners.push(listener);
    },

    async settings(userId: string): Promise<AnalysisSettings> {
      const [enabled, llmReflection] = await Promise.all([
        repository.enabled(userId),
        repository.llmReflection(userId),
      ]);
      return { enabled, llmReflection, llmAvailable: deps.llmAvailable ?? false };
    },

    async updateSettings(userId: string, body: AnalysisSettingsBody): Promise<AnalysisSettings> {
      const before = await this.settings(userId);
      if (body.llmReflection !== undefined && body.llmReflection !== before.llmReflection) {
        await repository.setLlmReflection(userId, body.llmReflection, now());
        await announce(userId, { reason: 'settings' });
      }
      const enabled = body.enabled ?? before.enabled;
      if (enabled !== before.enabled) {
        await repository.setEnabled(userId, enabled, now());
        if (enabled)
          await jobs.enqueue(
            ANALYSIS_CATCH_UP_JOB,
            { userId },
            { key: `analysis-catch-up:${userId}` },
          );
        await announce(userId, { reason: 'settings' });
      }
      return this.settings(userId);
    },

    /**
     * Everything derived from the person's data goes: per-item results, the mood model,
     * disputes, and what analysis wrote into the items' emotional_state. Analysis stays as
     * chosen (on: new and edited items are analysed again from now on).
     */
    async deleteDerived(userId: string): Promise<DerivedDataDeleted> {
      const { items, disputes } = await repository.deleteDerived(userId);
      for (const item of items) {
        await jobs.cancel(jobKey({ userId, kind: item.kind, id: item.sourceId }));
        await content
          .source(item.kind)
          ?.setEmotionalState?.(item.sourceId, {}, EMOTIONAL_STATE_KEYS)
          .catch((error: unknown) => {
            deps.log.warn({ err: error }, 'emotional_state not cleared');
          });
      }
      await announce(userId, { reason: 'cleared' });
      return {
        itemsDeleted: items.length,
        disputesDeleted: disputes,
        message: INSIGHTS_MESSAGES.derivedDeleted,
      };
    },

    /** The account export: every derived row, the model, disputes and the choice. */
    exportFor(userId: string) {
      return insightsExportOf({ repository, rollups }, userId);
    },

    /** "Delete my data": the derived rows, questionnaire answers and the choice. */
    async deleteDataOf(userId: string) {
      await repository.deleteDerived(userId);
      await repository.deletePersonality(userId);
      await repository.deleteSettings(userId);
      await announce(userId, { reason: 'cleared' });
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
