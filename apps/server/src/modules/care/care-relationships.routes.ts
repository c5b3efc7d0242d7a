import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CareScopeSchema,
  ConsentBodySchema,
  InviteBodySchema,
} from '@kaleido/shared/care/care.schemas';
import { requireSession, signedInUserId } from '../../http/session-guard';
import type { CareConsent } from './care-consent.service';
import type { CareInvitations } from './care-invitations';
import type { CareRelationships } from './care-relationships.service';

const IdParams = z.object({ id: z.uuid() });
const ConsentParams = z.object({ id: z.uuid(), scope: CareScopeSchema });
const auth = { auth: 'required' as const };

/** Both sides' relationships: invite, answer, end; and the person's consent per scope. */
export function registerCareRelationshipRoutes(
  app: FastifyInstance,
  deps: {
    relationships: CareRelationships;
    invitations: CareInvitations;
    consent: CareConsent;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { relationships } = deps;

  r.get('/api/care/relationships', { config: auth }, async (request) =>
    relationships.list(signedInUserId(request)),
  );

  r.post(
    '/api/care/relationships',
    { config: auth, schema: { body: InviteBodySchema } },
    // 202 and one sentence, whether or not the address has an account (decision 045).
    async (request, reply) =>
      reply
        .code(202)
        .send(await deps.invitations.request(requireSession(request).user, request.body)),
  );

  for (const [verb, answer] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const)
    r.post(
      `/api/care/relationships/:id/${verb}`,
      { config: auth, schema: { params: IdParams } },
      async (request) => relationships.respond(signedInUserId(request), request.params.id, answer),
    );

  r.delete(
    '/api/care/relationships/:id',
    { config: auth, schema: { params: IdParams } },
    async (request) => relationships.end(signedInUserId(request), request.params.id),
  );

  r.put(
    '/api/care/relationships/:id/consents/:scope',
    { config: auth, schema: { params: ConsentParams, body: ConsentBodySchema } },
    async (request) =>
      deps.consent.setConsent(
        signedInUserId(request),
        request.params.id,
        request.params.scope,
        request.body,
      ),
  );
}
