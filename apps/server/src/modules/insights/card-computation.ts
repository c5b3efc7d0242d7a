import {
  INSIGHT_KINDS,
  type InsightPeriod,
  type InsightReader,
} from '@kaleido/shared/insights/insights.constants';
import type { EventBus } from '../../realtime/event-bus';
import type { CardEvidenceRepository } from './card-evidence.repository';
import { createCardCache, type ComputedCards } from './card-cache';
import { spanOfDay, toInsightItem, type DailyRollups } from './daily-rollups';
import { historyFrom, type InsightContexts } from './insight-context';
import { draftsOfKind } from './insight-rules';
import type { InsightsSettingsRepository } from './insights-settings.repository';
import type { RollupsRepository } from './rollups.repository';
import { cutDays, createInsightData, WINDOW_EDGES_MS, type InsightData } from './rules/data';
import { resolveCards, type DraftCard } from './rules/evidence';
import { localDayAt, type InsightContext } from './rules/shared';

const HOUR_MS = 3_600_000;

export type CardComputation = ReturnType<typeof createCardComputation>;

/**
 * Every card of every kind for a person, computed from their daily rollups at most once per
 * change of their data (and per hour, tone, timezone, period and reader), then read from memory
 * (card-cache.ts, decision 035).
 */
export function createCardComputation(deps: {
  rollups: Pick<DailyRollups, 'ensure'>;
  rollupsRepository: Pick<RollupsRepository, 'daysOf' | 'itemsIn'>;
  evidence: CardEvidenceRepository;
  settings: Pick<InsightsSettingsRepository, 'enabled'>;
  contexts: Pick<InsightContexts, 'of'>;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
}) {
  const { rollupsRepository, evidence } = deps;
  const cache = createCardCache(deps.bus);

  /**
   * What the cards read: the person's daily rollups (counted in their timezone; rebuilt first
   * when it changed), and the items of the few days a rolling window cuts in two.
   */
  async function dataOf(userId: string, context: InsightContext): Promise<InsightData> {
    const from = historyFrom(context.now);
    await deps.rollups.ensure(userId, context.timezone);
    const cut = cutDays(context.now, context.timezone, from);
    const [days, raw] = await Promise.all([
      rollupsRepository.daysOf(
        userId,
        localDayAt(from, context.timezone),
        localDayAt(
          new Date(context.now.getTime() - Math.max(...WINDOW_EDGES_MS)),
          context.timezone,
        ),
      ),
      rollupsRepository.itemsIn(userId, [...cut].map(spanOfDay)),
    ]);
    return createInsightData({
      now: context.now,
      timezone: context.timezone,
      rollups: days,
      raw: raw.map(toInsightItem),
      rawDays: cut,
      historyFrom: from,
    });
  }

  const cacheKey = (context: InsightContext) =>
    `${context.period}|${context.reader ?? 'self'}|${context.tone}|${context.timezone}|${Math.floor(context.now.getTime() / HOUR_MS)}`;

  /** Every card of every kind for the person as of now, from their daily rollups. */
  async function computeCards(userId: string, context: InsightContext): Promise<ComputedCards> {
    const data = await dataOf(userId, context);
    const from = historyFrom(context.now);
    const firstDay = localDayAt(from, context.timezone);
    const resolve = (drafts: DraftCard[]) =>
      resolveCards(drafts, {
        items: (request) => evidence.evidence(userId, request, context.timezone, from),
        words: (request) => evidence.words(userId, request, firstDay),
      });
    const drafts = INSIGHT_KINDS.flatMap((kind) => draftsOfKind(kind, data, context));
    const cards = await resolve(drafts);
    const weekly = drafts.find((c) => c.kind === 'weekly_reflection');
    return {
      cards,
      weeklyFacts:
        weekly?.status !== 'ok'
          ? null
          : context.tone === 'neutral'
            ? weekly.claim
            : (draftsOfKind('weekly_reflection', data, { ...context, tone: 'neutral' })[0]?.claim ??
              null),
    };
  }

  return {
    /**
     * The cards, computed at most once per change of the person's data (and per hour, tone,
     * timezone and period), then read from memory.
     */
    async allCards(userId: string, context: InsightContext): Promise<ComputedCards> {
      const key = cacheKey(context);
      const cached = cache.get(userId, key);
      if (cached) return cached;
      const generation = cache.generation(userId);
      const computed = await computeCards(userId, context);
      cache.set(userId, key, computed, generation);
      return computed;
    },

    /**
     * Called by the analysis job after it changed the person's data and before it announces
     * it: computes again the cards someone on this instance is looking at, to be installed when
     * that announcement (carrying the returned token) arrives. Null when nobody is looking.
     */
    async prepareCards(userId: string): Promise<string | null> {
      const keys = cache.keysToPrepare(userId);
      if (keys.length === 0 || !(await deps.settings.enabled(userId))) return null;
      const generation = cache.generation(userId);
      const wanted = new Set(keys.map((key) => key.split('|').slice(0, 2).join('|')));
      const prepared = new Map<string, ComputedCards>();
      for (const periodAndReader of wanted) {
        const [period, reader] = periodAndReader.split('|') as [InsightPeriod, InsightReader];
        const context = await deps.contexts.of(userId, period, reader);
        prepared.set(cacheKey(context), await computeCards(userId, context));
      }
      return cache.prepare(userId, generation, prepared);
    },
  };
}
