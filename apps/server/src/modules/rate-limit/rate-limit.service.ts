import { tooManyRequests } from '../../http/errors';
import type { createRateLimitRepository } from './rate-limit.repository';

export interface RateLimitRule {
  /** Name of the counter, e.g. 'sign-in'. The caller adds who is counted (IP, account). */
  bucket: string;
  max: number;
  windowSeconds: number;
  message: string;
}

/**
 * The auth limits: at least as strict as Supabase Auth's self-hosted defaults
 * (sign-up, recover, verify 30 per 5 min per IP; sign-in and refresh 150 per 5 min; 30 emails an hour),
 * plus a per-account limit on failed sign-ins so one account cannot be guessed at from many IPs.
 */
export const RATE_LIMITS = {
  signUp: {
    bucket: 'sign-up',
    max: 30,
    windowSeconds: 300,
    message: 'Too many sign-up attempts. Please wait a few minutes and try again.',
  },
  recover: {
    bucket: 'recover',
    max: 30,
    windowSeconds: 300,
    message: 'Too many password reset requests. Please wait a few minutes and try again.',
  },
  verify: {
    bucket: 'verify',
    max: 30,
    windowSeconds: 300,
    message: 'Too many verification attempts. Please wait a few minutes and try again.',
  },
  signIn: {
    bucket: 'sign-in',
    max: 150,
    windowSeconds: 300,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  refresh: {
    bucket: 'refresh',
    max: 150,
    windowSeconds: 300,
    message: 'Too many session refreshes. Please wait a few minutes and try again.',
  },
  emails: {
    bucket: 'emails',
    max: 30,
    windowSeconds: 3600,
    message: 'Too many emails requested. Please wait an hour and try again.',
  },
  failedSignInPerAccount: {
    bucket: 'failed-sign-in',
    max: 10,
    windowSeconds: 900,
    message:
      'Too many failed sign-in attempts for this account. Please wait 15 minutes or reset your password.',
  },
  twoFactor: {
    bucket: 'two-factor',
    max: 30,
    windowSeconds: 300,
    message: 'Too many verification codes tried. Please wait a few minutes and try again.',
  },
} satisfies Record<string, RateLimitRule>;

export type RateLimitService = ReturnType<typeof createRateLimitService>;

export function createRateLimitService(
  repository: ReturnType<typeof createRateLimitRepository>,
  options: { factor: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const maxOf = (rule: RateLimitRule) => Math.max(1, Math.round(rule.max * options.factor));
  const retryAfter = (windowStart: Date, rule: RateLimitRule) =>
    (windowStart.getTime() + rule.windowSeconds * 1000 - now().getTime()) / 1000;

  return {
    /** Counts one request; throws 429 with Retry-After once the window's budget is spent. */
    async consume(rule: RateLimitRule, who: string): Promise<void> {
      const { count, windowStart } = await repository.increment(
        `${rule.bucket}:${who}`,
        rule.windowSeconds,
        now(),
      );
      if (count > maxOf(rule)) throw tooManyRequests(retryAfter(windowStart, rule), rule.message);
    },

    /** Throws 429 if the budget is already spent, without counting (for failure-only limits). */
    async assertNotExhausted(rule: RateLimitRule, who: string): Promise<void> {
      const state = await repository.peek(`${rule.bucket}:${who}`);
      if (!state) return;
      const wait = retryAfter(state.windowStart, rule);
      if (wait > 0 && state.count >= maxOf(rule)) throw tooManyRequests(wait, rule.message);
    },

    /** Counts a failure without throwing. */
    async record(rule: RateLimitRule, who: string): Promise<void> {
      await repository.increment(`${rule.bucket}:${who}`, rule.windowSeconds, now());
    },

    async clear(rule: RateLimitRule, who: string): Promise<void> {
      await repository.reset(`${rule.bucket}:${who}`);
    },
  };
}
