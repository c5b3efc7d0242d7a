import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createIdentityRepository } from './identity.repository';
import { registerIdentityRoutes } from './identity.routes';
import { createIdentityService, type IdentityService } from './identity.service';

/** The selected interface of a person with several roles. */
export function registerIdentity(app: FastifyInstance, deps: { identity: IdentityService }) {
  registerIdentityRoutes(app, deps.identity);
}

/** Roles and the profiles row, which sessions, auth and most features read. */
export function createIdentity(deps: { db: Db; log: FastifyBaseLogger }) {
  const identityRepository = createIdentityRepository(deps.db);
  return { identityRepository, identity: createIdentityService(identityRepository, deps.log) };
}
