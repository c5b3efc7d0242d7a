import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { firstScreenPages, readWebBuild } from './first-screens';
import type { SessionResolver } from './session-state';
import { shellFrames } from './shell-frames';

/**
 * Serves the built web app from one origin with history fallback: any GET that is not an API,
 * health or dev path and matches no file gets index.html, and the client router takes over.
 * Unknown API paths keep the JSON 404 body.
 */
export async function registerSpaAndNotFound(
  app: FastifyInstance,
  webDist: string | null,
  sessions: SessionResolver,
): Promise<void> {
  const hasSpa = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text asset (apps/web/vite-precompress.ts).
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const build = hasSpa ? readWebBuild(webDist) : null;
  const preloaded = build ? firstScreenPages(build) : null;
  const frames = build ? shellFrames(build, sessions) : null;
  app.allowInlineScripts([...(preloaded?.scriptHashes ?? []), ...(frames?.scriptHashes ?? [])]);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|dev|healthz|readyz|metrics)(\/|$)/.test(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasSpa && isPage) {
      const path = request.url.split('?')[0] ?? '';
      const frame = await frames?.pageFor(request, path).catch((error: unknown) => {
        request.log.warn({ err: error }, 'no shell frame: the session could not be read');
        return null;
      });
      // A frame depends on the session cookie: no shared cache may keep one for someone else.
      if (frame)
        return reply
          .header('cache-control', 'no-cache, private')
          .header('vary', 'cookie')
          .type('text/html')
          .send(frame);
      const page = preloaded?.pages.get(path);
      if (page) return reply.header('cache-control', 'no-cache').type('text/html').send(page);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: 'Not found', code: 'NOT_FOUND', requestId: request.id });
  });
}
