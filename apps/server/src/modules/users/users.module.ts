import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { InstanceSettingsService } from '../admin/instance-settings.service';
import { createDirectoryRepository } from './directory.repository';
import { registerUsersRoutes } from './users.routes';
import { createUsersService, type UsersService } from './users.service';

/** Who can find whom: the service, made once in base-services so calls and chat can ask it. */
export function createDirectory(deps: {
  db: Db;
  instanceSettings: Pick<InstanceSettingsService, 'feature'>;
  now: () => Date;
}): UsersService {
  return createUsersService({
    repository: createDirectoryRepository(deps.db),
    openDirectory: () => deps.instanceSettings.feature('open_directory'),
    now: deps.now,
  });
}

/** Finding people to talk to (GET /api/users/search) and one's own findability. */
export function registerUsers(app: FastifyInstance, deps: { directory: UsersService }) {
  registerUsersRoutes(app, deps.directory);
}
