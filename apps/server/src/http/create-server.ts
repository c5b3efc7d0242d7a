import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { registerEarlyRefusal } from './early-refusal';
import { registerErrorHandling } from './errors';
import { registerInputGuard } from './input-guard';
import { registerMetrics } from './metrics';
import { registerRouteTable } from './route-table';
import { registerSecurityHeaders } from './security-headers';

/** The HTTP plumbing every route relies on: logging, validation, errors, headers, plugins. */
export async function createHttpServer(config: Config, logger: boolean): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    genReqId: () => randomUUID(),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.NODE_ENV === 'test',
    }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Errors Fastify raises before routing (a URL that does not decode) skip the error handler;
    // they get the one error body too.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply.status(400).send({
        message: 'The address of this request is not valid.',
        code: error.code,
        requestId: request.id,
      });
    },
  });
  registerRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerEarlyRefusal(app);
  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    wsOrigin: config.publicUrl.replace(/^http/, 'ws'),
  });
  const metrics = registerMetrics(app, { token: config.METRICS_TOKEN });
  // The admin console's health view reads the same figures (error rate, latency).
  app.decorate('metrics', metrics);
  await app.register(fastifyCookie);
  // Answers over 1 KB compressed on the fly at a fast level; static assets come precompressed
  // (spa.ts); media that is already compressed and partial content (ranges) are left alone.
  // Request bodies are never decompressed: no client of ours sends them, so no zip bombs.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  // Per-kind size limits are checked while streaming (files.service.ts); this is the ceiling.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 60 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  // Small frames only: clients send pings and subscriptions, never content.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  return app;
}
