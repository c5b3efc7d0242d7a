import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { requestContext } from '../../http/request-context';
import { requireSession } from '../../http/session-guard';
import { RATE_LIMITS, type RateLimitService } from '../rate-limit/rate-limit.service';
import type { SessionInfoReader } from './session-info';
import type { SessionList } from './session-list';
import type { SessionService } from './session.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: {
    sessions: Pick<SessionService, 'refresh' | 'endForInactivity' | 'cookieName'>;
    info: SessionInfoReader;
    list: SessionList;
    rateLimits: RateLimitService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Reading who is signed in is not activity: an open tab polling it must not keep a session alive.
  r.get('/api/session', { config: { passive: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return deps.info.info(request.sessionState ?? { kind: 'none', endedReason: null });
  });

  r.post('/api/session/refresh', { config: { auth: 'required' } }, async (request) => {
    const state = requireSession(request);
    await deps.rateLimits.consume(RATE_LIMITS.refresh, request.ip);
    return { csrfToken: await deps.sessions.refresh(state.session) };
  });

  // The browser saw 30 minutes without activity (SPEC §4): log it and end the session.
  r.post(
    '/api/session/timeout',
    {
      schema: { body: z.strictObject({ lastActivityAt: z.iso.datetime() }) },
      config: { auth: 'required', passive: true },
    },
    async (request, reply) => {
      const state = requireSession(request);
      await deps.sessions.endForInactivity(
        state.session,
        request.body.lastActivityAt,
        requestContext(request),
      );
      reply.clearCookie(deps.sessions.cookieName, { path: '/' });
      return { ok: true };
    },
  );

  r.get('/api/session/list', { config: { auth: 'required' } }, async (request) => {
    const { user, session } = requireSession(request);
    return { sessions: await deps.list.listForUser(user.id, session.id) };
  });

  r.delete(
    '/api/session/:id',
    { config: { auth: 'required' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request) => {
      const { user } = requireSession(request);
      if (!(await deps.list.revoke(user.id, request.params.id, requestContext(request))))
        throw notFound('Session not found');
      return { ok: true };
    },
  );
}
