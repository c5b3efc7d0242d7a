import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalysisSettingsBodySchema,
  InsightKindSchema,
  SourceKindSchema,
} from '@kaleido/shared/insights/insights.schemas';
import { InsightQuerySchema } from '@kaleido/shared/insights/insight-cards.schemas';
import { DisputeBodySchema } from '@kaleido/shared/insights/personal-model.schemas';
import { PersonalityAnswersBodySchema } from '@kaleido/shared/insights/personality';
import { signedInUserId } from '../../http/session-guard';
import type { DerivedData } from './derived-data';
import type { InsightCards } from './insight-cards';
import type { InsightDisputes } from './insight-disputes';
import type { InsightsSettings } from './insights-settings';
import type { PersonalityQuestionnaire } from './personality-questionnaire';

/**
 * Insights and analysis (docs/api/insights.md): every route answers for the caller's own data
 * only. Static paths are registered before `/api/insights/:kind`.
 */
export function registerInsightsRoutes(
  app: FastifyInstance,
  deps: {
    cards: InsightCards;
    settings: InsightsSettings;
    derived: DerivedData;
    disputes: InsightDisputes;
    personality: PersonalityQuestionnaire;
  },
) {
  const { cards, settings, derived, disputes, personality } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' } as const;
  // The insight reads: refused while the instance has advanced analytics off.
  const insightRead = { ...auth, requires: ['advanced_analytics'] } as const;

  r.get(
    '/api/insights',
    { config: insightRead, schema: { querystring: InsightQuerySchema } },
    async (request) => cards.list(signedInUserId(request), request.query.period),
  );

  r.get('/api/insights/settings', { config: auth }, async (request) =>
    settings.settings(signedInUserId(request)),
  );

  r.patch(
    '/api/insights/settings',
    { config: auth, schema: { body: AnalysisSettingsBodySchema } },
    async (request) => settings.updateSettings(signedInUserId(request), request.body),
  );

  r.get('/api/insights/model', { config: auth }, async (request) =>
    derived.model(signedInUserId(request)),
  );

  r.delete('/api/insights/derived', { config: auth }, async (request) =>
    derived.deleteDerived(signedInUserId(request)),
  );

  r.post(
    '/api/insights/disputes',
    { config: auth, schema: { body: DisputeBodySchema } },
    async (request, reply) =>
      reply.status(201).send(await disputes.dispute(signedInUserId(request), request.body)),
  );

  r.get('/api/insights/disputes', { config: insightRead }, async (request) =>
    disputes.list(signedInUserId(request)),
  );

  r.delete(
    '/api/insights/disputes/:id',
    { config: auth, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      await disputes.undoDispute(signedInUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get('/api/insights/personality', { config: insightRead }, async (request) =>
    personality.overview(signedInUserId(request)),
  );

  r.post(
    '/api/insights/personality',
    { config: insightRead, schema: { body: PersonalityAnswersBodySchema } },
    async (request, reply) =>
      reply.status(201).send(await personality.take(signedInUserId(request), request.body.answers)),
  );

  r.get(
    '/api/insights/items/:sourceKind/:sourceId',
    {
      config: auth,
      schema: {
        params: z.object({ sourceKind: SourceKindSchema, sourceId: z.string().min(1).max(100) }),
      },
    },
    async (request) =>
      derived.item(signedInUserId(request), request.params.sourceKind, request.params.sourceId),
  );

  r.get(
    '/api/insights/:kind',
    {
      config: insightRead,
      schema: { params: z.object({ kind: InsightKindSchema }), querystring: InsightQuerySchema },
    },
    async (request) =>
      cards.detail(signedInUserId(request), request.params.kind, request.query.period),
  );
}
