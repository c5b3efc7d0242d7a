import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@kaleido/shared/http/api-error';
import { forbidden, unauthorized } from './errors';
import { requestContext } from './request-context';
import type { SessionResolver, SessionState } from './session-state';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'required': only a signed-in session may call this route. Checked on the headers, before
     * the body is read or validated, so an anonymous caller gets 401, never a 400 about a body.
     */
    auth?: 'required';
    /** The 401 message of an `auth: 'required'` route, where the spec words it differently. */
    unauthorizedMessage?: string;
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

/**
 * Resolves the session for every API request, refuses anonymous callers of `auth: 'required'`
 * routes, enforces the anti-forgery token on state-changing requests of a signed-in session, and
 * counts activity for the idle timeout. It runs on the request's headers, before the body is
 * read: a signed-out upload (any multipart body) or body for a signed-in route is refused without
 * reading or parsing a byte of it.
 */
export function registerSessionGuard(app: FastifyInstance, sessions: SessionResolver): void {
  app.decorateRequest('sessionState', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const state = await sessions.resolve(requestContext(request));
    request.sessionState = state;
    const config = request.routeOptions.config;
    if (state.kind !== 'active') {
      if (config.auth === 'required') requireSession(request, config.unauthorizedMessage);
      // Every upload in Kaleido is a signed-in person's; nobody else may make us store bytes.
      if (request.headers['content-type']?.startsWith('multipart/')) requireSession(request);
      return;
    }
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

/**
 * The signed-in session, or 401 (with the reason when the idle timeout ended it). On an
 * `auth: 'required'` route the guard has already refused anonymous callers; there it only reads.
 */
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

/** The signed-in person's id, or 401 as `requireSession` says: what most routes need of a session. */
export function signedInUserId(request: FastifyRequest): string {
  return requireSession(request).user.id;
}
