import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createUsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { createUsersService } from './users.service';

/** Finding people to talk to (GET /api/users/search). */
export function registerUsers(app: FastifyInstance, deps: { db: Db }) {
  registerUsersRoutes(app, createUsersService(createUsersRepository(deps.db)));
}
