import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry /metrics serves (the admin console's health reads it). */
    metrics: Registry;
  }
}

/** Requests, server errors and latency so far, from the registry's counters. */
export async function requestTotals(registry: Registry) {
  const requests = await registry.getSingleMetric('kaleido_http_requests_total')?.get();
  const duration = await registry.getSingleMetric('kaleido_http_request_duration_seconds')?.get();
  let total = 0;
  let errors = 0;
  for (const v of requests?.values ?? []) {
    total += v.value;
    if (String(v.labels.status).startsWith('5')) errors += v.value;
  }
  let seconds = 0;
  let count = 0;
  for (const v of (duration?.values ?? []) as { metricName?: string; value: number }[]) {
    if (v.metricName === 'kaleido_http_request_duration_seconds_sum') seconds += v.value;
    if (v.metricName === 'kaleido_http_request_duration_seconds_count') count += v.value;
  }
  return { requests: total, errors, seconds, count };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * What only the operator's monitoring reads (/metrics, the detail of /readyz): metrics show every
 * route's traffic and the process's memory, enough to watch people's activity. Served to this
 * machine (a local Prometheus or an SSH tunnel) or with the METRICS_TOKEN bearer token. Behind a
 * proxy the socket is always loopback, so the client address the proxy reports (`request.ip`
 * with TRUST_PROXY) must be loopback too.
 */
export function isOperatorRequest(request: FastifyRequest, token: string | undefined): boolean {
  const fromThisMachine =
    LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip);
  if (fromThisMachine) return true;
  const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !sent) return false;
  // Hashing first gives equal lengths, so the comparison takes the same time for any guess.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/** Prometheus metrics: process defaults plus request counts and latency by route and status. */
export function registerMetrics(app: FastifyInstance, options: { token?: string } = {}): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'kaleido_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kaleido_http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, so ids do not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!isOperatorRequest(request, options.token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({
        message: 'Metrics are served to this machine only, or with the METRICS_TOKEN bearer token.',
        code: 'METRICS_TOKEN',
        requestId: request.id,
      });
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
