import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { registerErrorHandling } from './errors';
import { registerMetrics } from './metrics';
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    wsOrigin: config.publicUrl.replace(/^http/, 'ws'),
  });
  registerMetrics(app);
  await app.register(fastifyCookie);
  // Per-kind size limits are checked while streaming (files.service.ts); this is the ceiling.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 60 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  // Small frames only: clients send pings and subscriptions, never content.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  return app;
}
