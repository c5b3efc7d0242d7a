import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CallListQuerySchema } from '@kaleido/shared/calls/calls.schemas';
import { requireSession } from '../../http/session-guard';
import type { CallsService } from './calls.service';

const Id = z.object({ id: z.string() });

/** The history and the ICE servers; signalling itself goes over the socket (`call` action). */
export function registerCallsRoutes(app: FastifyInstance, deps: { calls: CallsService }) {
  const { calls } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };
  const me = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user.id;

  // STUN/TURN credentials are for signed-in people only.
  r.get('/api/calls/config', { config: auth }, () => calls.config());

  r.get('/api/calls', { config: auth, schema: { querystring: CallListQuerySchema } }, (request) =>
    calls.list(me(request), request.query),
  );

  r.get('/api/calls/:id', { config: auth, schema: { params: Id } }, (request) =>
    calls.get(me(request), request.params.id),
  );
}
