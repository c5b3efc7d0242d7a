import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { createRateLimitRepository } from './rate-limit.repository';
import { createRateLimitService } from './rate-limit.service';

/** Rate limits kept in the database, so every instance counts the same attempts. */
export function createRateLimits(deps: { db: Db; config: Config; now: () => Date }) {
  return createRateLimitService(createRateLimitRepository(deps.db), {
    factor: deps.config.RATE_LIMIT_FACTOR,
    now: deps.now,
  });
}
