import { AppError } from '../../http/errors';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { RequestContext } from '../../http/request-context';

/**
 * Runs a check of the account's password (`check` throws AppError with better-auth's
 * INVALID_PASSWORD mapped) under the same lock as sign-in: counted first, refused above the
 * limit, taken back unless the password was wrong.
 */
export async function withPasswordAttempt<T>(
  rateLimits: RateLimitService,
  email: string,
  context: RequestContext,
  check: () => Promise<T>,
): Promise<T> {
  const attempt = await rateLimits.beginPasswordAttempt(email, context.ip);
  try {
    const result = await check();
    await attempt.succeeded();
    return result;
  } catch (error) {
    const wrongPassword = error instanceof AppError && error.options.code === 'INVALID_PASSWORD';
    if (!wrongPassword) await attempt.succeeded();
    throw error;
  }
}
