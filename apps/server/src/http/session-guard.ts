import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@kaleido/shared/http/api-error';
import type { RequestContext } from '../modules/auth/auth-call';
import type { SessionService, SessionState } from '../modules/session/session.service';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a state-changing route that needs no anti-forgery token (sign-in, reset, ...). */
    csrf?: boolean;
    /** true: requests to this route do not count as user activity (polls, heartbeats). */
    passive?: boolean;
  }
  interface FastifyRequest {
    sessionState: SessionState | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'], headers: request.headers };
}

/**
 * Resolves the session for every API request, enforces the anti-forgery token on state-changing
 * requests of a signed-in session, and counts activity for the idle timeout.
 */
export function registerSessionGuard(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('sessionState', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const state = await sessions.resolve(requestContext(request));
    request.sessionState = state;
    if (state.kind !== 'active') return;
    const config = request.routeOptions.config;
    if (!SAFE_METHODS.has(request.method) && config.csrf !== false) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, state.session.csrfToken)) {
        throw forbidden(
          'Missing or invalid anti-forgery token. Please reload the page and try again.',
          'CSRF',
        );
      }
    }
    if (config.passive !== true) await sessions.touch(state.session);
  });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The signed-in session, or 401 (with the reason when the idle timeout ended it). */
export function requireSession(request: FastifyRequest, message?: string) {
  const state = request.sessionState;
  if (state?.kind === 'active') return state;
  if (state?.endedReason === 'session_timeout') {
    throw unauthorized(
      'Your session ended because of inactivity. Please sign in again.',
      'SESSION_TIMEOUT',
    );
  }
  throw unauthorized(message);
}
