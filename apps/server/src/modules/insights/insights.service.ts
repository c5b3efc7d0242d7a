import {
  INSIGHT_KINDS,
  INSIGHT_KIND_TITLES,
  INSIGHT_MINIMUMS,
  INSIGHTS_MESSAGES as M,
  toneOf,
  type InsightKind,
  type InsightPeriod,
  type SourceKind,
} from '@kaleido/shared/insights/insights.constants';
import type {
  AnalysedItem,
  Dispute,
  DisputeBody,
  InsightCard,
  InsightDetail,
  InsightList,
  PersonalModel,
} from '@kaleido/shared/insights/insights.schemas';
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
import { notFound } from '../../http/errors';
import { usableTimezone } from '../../lib/timezone';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { AnalysisRepository, DisputeRow } from './analysis.repository';
import type { AnalysisService } from './analysis.service';
import { spanOfDay, toInsightItem, type DailyRollups } from './daily-rollups';
import { parseSourceRef, sourceRef, type Derived, type SourceRef } from '../content/provenance';
import {
  CARD_CARRIES,
  cardIdKey,
  currentCardId,
  subjectIdsOf,
  withoutEvidence,
} from './card-provenance';
import { cardsOfKind, draftsOfKind, INSIGHT_METHODS } from './insight-rules';
import { topWords } from './personal-model';
import type { ReflectionWriter } from './reflection-writer';
import { createCardCache, type ComputedCards } from './card-cache';
import { cutDays, createInsightData, WINDOW_EDGES_MS, type InsightData } from './rules/data';
import { resolveCards, type DraftCard } from './rules/evidence';
import {
  bucketOf,
  DAY_MS,
  dayOf,
  localDayAt,
  type InsightContext,
  type InsightItem,
} from './rules/shared';
import type { RollupsRepository } from './rollups.repository';
import { styleIndicatorsOf } from './style-indicators';

export type InsightsService = ReturnType<typeof createInsightsService>;

const DEFAULT_PERIOD: InsightPeriod = 'week';
/** How far back cards look: a year covers every window (12 months). */
const HISTORY_DAYS = 400;
const HOUR_MS = 3_600_000;
/** The kinds another reader may have from every item: numbers over fixed vocabularies. */
const FIGURE_KINDS = INSIGHT_KINDS.filter((k) => CARD_CARRIES[k] === 'figures');
/** The kinds that carry words: for another reader, computed from what they may read as text. */
const WORD_KINDS = INSIGHT_KINDS.filter((k) => CARD_CARRIES[k] === 'words');

/**
 * Insights for their owner: cards from the person's own analysed items, in their tone, without
 * the ones they disputed; the personal model's summary; disputes. Only ever the caller's data —
 * except `forReader`, which hands another reader's policy the cards with their provenance.
 */
export function createInsightsService(deps: {
  repository: AnalysisRepository;
  analysis: Pick<AnalysisService, 'retrain' | 'modelOf'>;
  profiles: {
    find(userId: string): Promise<{ timezone: string; emoTonePreference: string } | null>;
  };
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
  /** Set when the operator configured LLM_*: writes weekly reflections for those who chose it. */
  reflections?: ReflectionWriter | null;
  rollups: DailyRollups;
  rollupsRepository: RollupsRepository;
  /** The instance's secret: card ids name tags and themes by a digest keyed with it. */
  secret: string;
  now: () => Date;
}) {
  const { repository, now, rollupsRepository } = deps;
  const cache = createCardCache(deps.bus);
  const idKey = cardIdKey(deps.secret);
  const subjectIds = (userId: string) => subjectIdsOf(idKey, userId);

  /** A dispute as shown, naming its card as cards are named now (older ones named words). */
  const toDispute = (userId: string, row: DisputeRow): Dispute => ({
    id: row.id,
    insightId: currentCardId(row.insightId, subjectIds(userId)),
    kind: row.kind,
    claim: row.claim,
    reason: row.reason,
    words: row.words,
    createdAt: row.createdAt.toISOString(),
  });

  async function contextOf(userId: string, period: InsightPeriod): Promise<InsightContext> {
    const profile = await deps.profiles.find(userId);
    return {
      now: now(),
      timezone: usableTimezone(profile?.timezone),
      tone: toneOf(profile?.emoTonePreference),
      period,
      subjectId: subjectIds(userId),
    };
  }

  const historyFrom = (at: Date) => new Date(at.getTime() - HISTORY_DAYS * DAY_MS);

  async function itemsOf(userId: string): Promise<InsightItem[]> {
    return (await repository.itemsOf(userId, { from: historyFrom(now()) })).map(toInsightItem);
  }

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
    `${context.period}|${context.tone}|${context.timezone}|${Math.floor(context.now.getTime() / HOUR_MS)}`;

  /** Every card of every kind for the person as of now, from their daily rollups. */
  async function computeCards(userId: string, context: InsightContext): Promise<ComputedCards> {
    const data = await dataOf(userId, context);
    const from = historyFrom(context.now);
    const firstDay = localDayAt(from, context.timezone);
    const resolve = (drafts: DraftCard[]) =>
      resolveCards(drafts, {
        items: (request) => rollupsRepository.evidence(userId, request, context.timezone, from),
        words: (request) => rollupsRepository.words(userId, request, firstDay),
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

  /**
   * The cards, computed at most once per change of the person's data (and per hour, tone,
   * timezone and period), then read from memory.
   */
  async function allCards(userId: string, context: InsightContext): Promise<ComputedCards> {
    const key = cacheKey(context);
    const cached = cache.get(userId, key);
    if (cached) return cached;
    const generation = cache.generation(userId);
    const computed = await computeCards(userId, context);
    cache.set(userId, key, computed, generation);
    return computed;
  }

  /** The weekly reflection as the operator's language model wrote it, for those who chose it. */
  async function written(
    userId: string,
    cards: InsightCard[],
    facts: string | null,
    context: InsightContext,
  ) {
    const writer = deps.reflections;
    if (!writer || !facts || !cards.some((c) => c.kind === 'weekly_reflection')) return cards;
    if (!(await repository.llmReflection(userId))) return cards;
    const week = bucketOf(dayOf(context.now, context.timezone), 'week');
    return Promise.all(
      cards.map(async (c) => {
        if (c.kind !== 'weekly_reflection' || c.status !== 'ok') return c;
        const text = await writer.textFor(userId, week, facts, c.tone);
        return text ? { ...c, claim: text, writtenBy: 'language_model' as const } : c;
      }),
    );
  }

  async function cards(userId: string, period: InsightPeriod, kinds: readonly InsightKind[]) {
    const [context, disputes] = await Promise.all([
      contextOf(userId, period),
      repository.disputesOf(userId),
    ]);
    const disputed = new Set(disputes.map((d) => toDispute(userId, d).insightId));
    const wanted = new Set(kinds);
    const computed = kinds.length ? await allCards(userId, context) : null;
    const all = await written(
      userId,
      (computed?.cards ?? []).filter((c) => wanted.has(c.kind)),
      computed?.weeklyFacts ?? null,
      context,
    );
    return {
      context,
      disputed,
      all,
      cards: all.filter((c) => !disputed.has(c.id)),
      hidden: all.filter((c) => disputed.has(c.id)).length,
    };
  }

  return {
    /**
     * Called by the analysis job after it changed the person's data and before it announces
     * it: computes again the cards someone on this instance is looking at, to be installed when
     * that announcement (carrying the returned token) arrives. Null when nobody is looking.
     */
    async prepareCards(userId: string): Promise<string | null> {
      const keys = cache.keysToPrepare(userId);
      if (keys.length === 0 || !(await repository.enabled(userId))) return null;
      const generation = cache.generation(userId);
      const periods = new Set(keys.map((key) => key.split('|')[0] as InsightPeriod));
      const prepared = new Map<string, ComputedCards>();
      for (const period of periods) {
        const context = await contextOf(userId, period);
        prepared.set(cacheKey(context), await computeCards(userId, context));
      }
      return cache.prepare(userId, generation, prepared);
    },

    async list(userId: string, period: InsightPeriod = DEFAULT_PERIOD): Promise<InsightList> {
      const enabled = await repository.enabled(userId);
      const context = await contextOf(userId, period);
      if (!enabled)
        return {
          analysisEnabled: false,
          tone: context.tone,
          itemsAnalysed: await repository.countItems(userId),
          hiddenCount: 0,
          cards: [],
          generatedAt: context.now.toISOString(),
        };
      const result = await cards(userId, period, INSIGHT_KINDS);
      return {
        analysisEnabled: true,
        tone: result.context.tone,
        itemsAnalysed: await repository.countItems(userId),
        hiddenCount: result.hidden,
        cards: result.cards,
        generatedAt: result.context.now.toISOString(),
      };
    },

    /**
     * The person's cards for another reader (a professional), each with its provenance for the
     * reader's policy to decide on (decision 039): the figure kinds from every item, as the
     * person sees them; the kinds that carry words computed again from exactly `textItems`
     * (what that reader may read as text now), or not at all. No evidence, no written
     * reflection (the language model reads every item), nothing the person disputed.
     */
    async forReader(
      userId: string,
      textItems: readonly SourceRef[],
    ): Promise<{ analysisEnabled: boolean; cards: Derived<InsightCard>[] }> {
      if (!(await repository.enabled(userId))) return { analysisEnabled: false, cards: [] };
      const figures = await cards(userId, DEFAULT_PERIOD, FIGURE_KINDS);
      const derived: Derived<InsightCard>[] = figures.cards.map((card) => ({
        value: withoutEvidence(card),
        provenance: { owner: userId, carries: CARD_CARRIES[card.kind], sources: 'all' },
      }));
      const refs = textItems.flatMap((ref) => parseSourceRef(ref) ?? []);
      const items = refs.length
        ? (await repository.itemsByRefs(userId, refs, historyFrom(figures.context.now))).map(
            toInsightItem,
          )
        : [];
      if (items.length > 0) {
        const sources = items.map((i) => sourceRef(i.sourceKind, i.sourceId));
        for (const kind of WORD_KINDS)
          for (const card of cardsOfKind(kind, items, figures.context))
            if (!figures.disputed.has(card.id))
              derived.push({
                value: withoutEvidence(card),
                provenance: { owner: userId, carries: CARD_CARRIES[kind], sources },
              });
      }
      const order = (card: InsightCard) => INSIGHT_KINDS.indexOf(card.kind);
      return {
        analysisEnabled: true,
        cards: derived.sort((a, b) => order(a.value) - order(b.value)),
      };
    },

    async detail(
      userId: string,
      kind: InsightKind,
      period: InsightPeriod = DEFAULT_PERIOD,
    ): Promise<InsightDetail> {
      const enabled = await repository.enabled(userId);
      const result = await cards(userId, period, enabled ? [kind] : []);
      return {
        kind,
        title: INSIGHT_KIND_TITLES[kind],
        analysisEnabled: enabled,
        tone: result.context.tone,
        cards: result.cards,
        method: INSIGHT_METHODS[kind].method,
        caveats: INSIGHT_METHODS[kind].caveats,
        generatedAt: result.context.now.toISOString(),
      };
    },

    /**
     * "This doesn't fit me" on a claim ('not enough data' claims nothing): the card (as it
     * stands now, in any period) is hidden from now on,
     * the reason kept, and its words left out of the person's mood model.
     */
    async dispute(userId: string, body: DisputeBody): Promise<Dispute> {
      // A page open since before card ids lost their words may still name a card by them.
      const insightId = currentCardId(body.insightId, subjectIds(userId));
      const kind = INSIGHT_KINDS.find((k) => insightId === k || insightId.startsWith(`${k}:`));
      if (!kind) throw notFound(M.insightNotFound);
      const periods: InsightPeriod[] = ['day', 'week', 'month'];
      let found: InsightCard | undefined;
      for (const period of periods) {
        const result = await cards(userId, period, [kind]);
        // Disputed already: the reason is updated.
        found = result.all.find((c) => c.id === insightId && c.status === 'ok');
        if (found) break;
      }
      if (!found) throw notFound(M.insightNotFound);
      const row = await repository.saveDispute({
        userId,
        insightId: found.id,
        kind,
        claim: found.claim,
        reason: body.reason,
        words: found.evidence.words,
        createdAt: now(),
      });
      await deps.analysis.retrain(userId);
      await deps.bus.publish({
        room: userRoom(userId),
        name: 'insights.updated',
        data: { reason: 'disputed' },
      });
      return toDispute(userId, row);
    },

    /** Undo a dispute: the card may show again; its words count again. */
    async undoDispute(userId: string, id: string) {
      if (!(await repository.deleteDispute(userId, id))) throw notFound(M.insightNotFound);
      await deps.analysis.retrain(userId);
      await deps.bus.publish({
        room: userRoom(userId),
        name: 'insights.updated',
        data: { reason: 'disputed' },
      });
    },

    async model(userId: string): Promise<PersonalModel> {
      const [model, row, disputes, estimated] = await Promise.all([
        deps.analysis.modelOf(userId),
        repository.findModel(userId),
        repository.disputesOf(userId),
        repository.countEstimated(userId),
      ]);
      return {
        status: model.entries >= INSIGHT_MINIMUMS.modelEntries ? 'ok' : 'not_enough_data',
        entriesLearnedFrom: model.entries,
        vocabularySize: model.vocabulary,
        minimumEntries: INSIGHT_MINIMUMS.modelEntries,
        perMood: { ...model.docs },
        topWords: topWords(model),
        itemsEstimated: estimated,
        disputes: disputes.map((d) => toDispute(userId, d)),
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    },

    /** The IPIP-50 questionnaire with the person's past results (newest first). */
    async personality(userId: string): Promise<PersonalityOverview> {
      const [results, items] = await Promise.all([
        repository.personalityOf(userId),
        itemsOf(userId),
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
        styleIndicators: styleIndicatorsOf(items),
      };
    },

    /** One more take of the questionnaire, scored and kept (retaking adds, never replaces). */
    async takePersonality(userId: string, answers: number[]): Promise<PersonalityResult> {
      const row = await repository.savePersonality({
        userId,
        answers,
        scores: scorePersonality(answers),
        takenAt: now(),
      });
      return { id: row.id, takenAt: row.takenAt.toISOString(), scores: row.scores };
    },

    /** The analysis of one of the caller's items (404 when there is none, or it is not theirs). */
    async item(userId: string, kind: SourceKind, sourceId: string): Promise<AnalysedItem> {
      const row = await repository.findItem(userId, kind, sourceId);
      if (!row) throw notFound(M.insightNotFound);
      return {
        sourceKind: row.sourceKind,
        sourceId: row.sourceId,
        occurredAt: row.occurredAt.toISOString(),
        analysedAt: row.analysedAt.toISOString(),
        mood: row.mood,
        estimatedMood: row.estimatedMood,
        result: row.result,
      };
    },
  };
}
