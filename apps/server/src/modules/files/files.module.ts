import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FileSearchQuerySchema,
  type FileSearchResult,
} from '@kaleido/shared/files/file-search.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { FileFinders } from './file-finders';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { StorageQuota } from '../storage/storage-quota';
import { createLocalFileStorage } from './file-storage';
import { createFilesRepository } from './files.repository';
import { createFilesService, type FilesService } from './files.service';

/** Uploaded files under DATA_DIR/files; features decide who may read them. */
export function createFiles(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Each owner's room (modules/storage): quota and the disk's reserve. */
  quota: Pick<StorageQuota, 'roomFor' | 'exceeded'>;
}): FilesService {
  return createFilesService({
    storage: createLocalFileStorage(join(deps.config.DATA_DIR, 'files')),
    repository: createFilesRepository(deps.db),
    log: deps.log,
    roomFor: (ownerId, incoming) => deps.quota.roomFor(ownerId, incoming),
    overQuota: (ownerId) => deps.quota.exceeded(ownerId),
  });
}

/** How many files 'Search Files' shows. */
export const FILE_SEARCH_LIMIT = 20;

/** GET /api/files/search?q=: the person's own and shared files by name, newest first. */
export function registerFileSearch(app: FastifyInstance, deps: { fileFinders: FileFinders }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/files/search',
      { config: { auth: 'required' }, schema: { querystring: FileSearchQuerySchema } },
      async (request): Promise<FileSearchResult> => ({
        files: await deps.fileFinders.search(
          signedInUserId(request),
          request.query.q,
          FILE_SEARCH_LIMIT,
        ),
      }),
    );
}
