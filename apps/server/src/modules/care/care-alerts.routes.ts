import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CareAlertsQuerySchema } from '@kaleido/shared/care/care-alerts.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { CareAlerts } from './care-alerts.service';

const IdParams = z.object({ id: z.uuid() });
const auth = { auth: 'required' as const };

/** The professional's alerts: the list, and acknowledging or dismissing one. */
export function registerCareAlertRoutes(app: FastifyInstance, alerts: CareAlerts) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/care/alerts',
    { config: auth, schema: { querystring: CareAlertsQuerySchema } },
    async (request) => alerts.list(signedInUserId(request), request.query),
  );

  for (const [verb, answer] of [
    ['acknowledge', 'acknowledged'],
    ['dismiss', 'dismissed'],
  ] as const)
    r.post(
      `/api/care/alerts/:id/${verb}`,
      { config: auth, schema: { params: IdParams } },
      async (request) => alerts.answer(signedInUserId(request), request.params.id, answer),
    );
}
