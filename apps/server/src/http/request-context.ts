import type { FastifyRequest } from 'fastify';

/** What a service needs from the HTTP request it serves: who asks, from where, with which cookies. */
export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
  /** The incoming headers (cookies included), passed through to better-auth. */
  headers: Record<string, string | string[] | undefined>;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'], headers: request.headers };
}
