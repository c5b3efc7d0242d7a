import type { RequiredFeature } from '@kaleido/shared/admin/admin.constants';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The instance features this route belongs to (the admin's feature toggles, SPEC §9): while
     * one is off the route answers 403 FEATURE_OFF on the headers, before its body (a recording)
     * is read. Declared where the route is defined (decision 051), so a new route carries its
     * policy with it; the admin module enforces it, the route table lists it for the tests.
     */
    requires?: readonly RequiredFeature[];
  }
}
