import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Allows inline scripts with these hashes (`'sha256-…'`) from now on: the first screens'
     * inline theme and script loader (paint-first.ts). Nothing else runs inline.
     */
    allowInlineScripts(hashes: readonly string[]): void;
  }
}

/**
 * Headers on every response. Everything is served from one origin, so the policy is 'self' only;
 * 'self' in connect-src also covers the same-origin WebSocket (CSP Level 3).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; wsOrigin: string },
): void {
  const inlineScripts = new Set<string>();
  const policy = () => [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `connect-src 'self' ${options.wsOrigin}`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    // Radix and sonner position popovers and toasts with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "form-action 'self'",
    ...(inlineScripts.size > 0 ? [`script-src 'self' ${[...inlineScripts].join(' ')}`] : []),
  ];
  let csp = policy().join('; ');
  app.decorate('allowInlineScripts', (hashes: readonly string[]) => {
    for (const hash of hashes) inlineScripts.add(hash);
    csp = policy().join('; ');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=()');
    if (options.https)
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
