import type { FastifyInstance, FastifySchema } from 'fastify';
import type { RequiredFeature } from '@kaleido/shared/admin/admin.constants';
import type {} from './route-policy';

/** One registered route, as the fuzz and authorization tests enumerate them. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** 'required' when only a signed-in session may call it (checked before the body is read). */
  auth: 'required' | undefined;
  /** The instance features it belongs to, refused while one is off (route-policy.ts). */
  requires: readonly RequiredFeature[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the server was created (HEAD twins of GETs left out). */
    readonly routeTable: readonly RouteEntry[];
  }
}

/** Keeps the route table, so tests can reach every route and a new one is never missed. */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routes.push({
          method,
          url: route.url,
          schema: route.schema,
          auth: route.config?.auth,
          requires: route.config?.requires ?? [],
        });
  });
}
