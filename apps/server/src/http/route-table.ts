import type { FastifyInstance, FastifySchema } from 'fastify';

/** One registered route, as the fuzz and authorization tests enumerate them. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** 'required' when only a signed-in session may call it (checked before the body is read). */
  auth: 'required' | undefined;
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
        routes.push({ method, url: route.url, schema: route.schema, auth: route.config?.auth });
  });
}
