import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StorageUsage } from '@kaleido/shared/storage/storage.schemas';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { signedInUserId } from '../../http/session-guard';
import { createDiskReserve } from './disk-reserve';
import { createStorageQuota, type StorageQuota } from './storage-quota';
import { createStorageUsageRepository } from './storage-usage.repository';

const MB = 1024 * 1024;

/** The quota and reserve of STORAGE_QUOTA_MB and STORAGE_RESERVE_MB (README, decision 044). */
export function createStorage(deps: { db: Db; config: Config }): StorageQuota {
  return createStorageQuota({
    usage: createStorageUsageRepository(deps.db),
    reserve: createDiskReserve({
      dir: deps.config.DATA_DIR,
      reserveBytes: deps.config.STORAGE_RESERVE_MB * MB,
    }),
    quotaBytes: deps.config.STORAGE_QUOTA_MB > 0 ? deps.config.STORAGE_QUOTA_MB * MB : null,
  });
}

/** GET /api/account/storage: what the person stores and the room left (Settings shows it). */
export function registerStorageRoutes(app: FastifyInstance, deps: { storage: StorageQuota }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/account/storage',
      { config: { auth: 'required' } },
      async (request): Promise<StorageUsage> => deps.storage.usageOf(signedInUserId(request)),
    );
}
