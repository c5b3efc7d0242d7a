import { tooManyRequests } from '../../http/errors';
import type { RateLimitRepository } from './rate-limit.repository';

export interface RateLimitRule {
  /** Name of the counter, e.g. 'sign-in'. The caller adds who is counted (IP, account). */
  bucket: string;
  max: number;
  windowSeconds: number;
  message: string;
}

const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes or reset your password.';

/** Each lockout of the same counter within a day doubles the next one, up to 64 times. */
const STRIKES_WINDOW_SECONDS = 24 * 3600;
const MAX_DOUBLINGS = 6;

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
  /**
   * Wrong passwords for one account from one source (client IP) — sign-in, change password,
   * two-factor enroll and disable. Per source, so a stranger elsewhere cannot lock the owner out.
   */
  failedPasswordPerSource: {
    bucket: 'failed-password',
    max: 10,
    windowSeconds: 900,
    message: ACCOUNT_LOCKED_MESSAGE,
  },
  /**
   * Still used by account deletion (modules/account), not by sign-in any more; it should move to
   * `beginPasswordAttempt` so every password check shares one lock.
   */
  failedSignInPerAccount: {
    bucket: 'failed-sign-in',
    max: 10,
    windowSeconds: 900,
    message: ACCOUNT_LOCKED_MESSAGE,
  },
  /**
   * Wrong passwords from one recognised browser (a device cookie, auth/device-cookie.ts): it is
   * counted here instead of by source and ceiling, so strangers cannot lock it out.
   */
  failedPasswordPerDevice: {
    bucket: 'failed-password-device',
    max: 10,
    windowSeconds: 900,
    message: ACCOUNT_LOCKED_MESSAGE,
  },
  /**
   * All sources together: the ceiling against guessing from many addresses. It never refuses the
   * right password of an account with a second factor, nor a recognised browser (probe N12).
   */
  failedPasswordPerAccount: {
    bucket: 'failed-password-account',
    max: 100,
    windowSeconds: 900,
    message: ACCOUNT_LOCKED_MESSAGE,
  },
  twoFactor: {
    bucket: 'two-factor',
    max: 30,
    windowSeconds: 300,
    message: 'Too many verification codes tried. Please wait a few minutes and try again.',
  },
} satisfies Record<string, RateLimitRule>;

/** One password attempt, counted before the password is checked (see `beginPasswordAttempt`). */
export interface PasswordAttempt {
  /** The password was right: takes the attempt back. */
  succeeded(): Promise<void>;
  /**
   * Set when the account is over its ceiling and only the right password was let through (an
   * account with a second factor): a wrong one answers this 429, as before, not "wrong password".
   */
  readonly overCeiling?: Error;
}

/** What lets a password attempt past the account's ceiling (never past its own counter). */
export interface PasswordAttemptExemptions {
  /** This browser's device id for the account (a device cookie): counted on its own. */
  device?: string;
  /** The account has a second factor: the right password leads only to asking for it. */
  secondFactor?: boolean;
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;

export function createRateLimitService(
  repository: RateLimitRepository,
  options: { factor: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const maxOf = (rule: RateLimitRule) => Math.max(1, Math.round(rule.max * options.factor));
  const retryAfter = (windowStart: Date, rule: RateLimitRule) =>
    (windowStart.getTime() + rule.windowSeconds * 1000 - now().getTime()) / 1000;

  /**
   * Counts one failure-prone attempt on a counter whose lockouts back off exponentially: the
   * window (and so the lock) is `windowSeconds × 2^lockouts in the last day`. Answers how long
   * the caller must wait, or null when the attempt may go ahead.
   */
  async function countWithBackoff(key: string, rule: RateLimitRule): Promise<number | null> {
    const strikesKey = `${key} strikes`;
    const at = now();
    const [counter, strikeRow] = await Promise.all([
      repository.peek(key),
      repository.peek(strikesKey),
    ]);
    let strikes =
      strikeRow && strikeRow.windowStart.getTime() + STRIKES_WINDOW_SECONDS * 1000 > at.getTime()
        ? strikeRow.count
        : 0;
    // A counter already over its limit is in (or just past) the lockout its own strike counted.
    if (counter && counter.count > maxOf(rule)) strikes -= 1;
    const windowSeconds = rule.windowSeconds * 2 ** Math.min(Math.max(strikes, 0), MAX_DOUBLINGS);
    const { count, windowStart } = await repository.increment(key, windowSeconds, at);
    if (count <= maxOf(rule)) return null;
    // Exactly one concurrent attempt sees the first count over the limit: one strike per lockout.
    if (count === maxOf(rule) + 1)
      await repository.increment(strikesKey, STRIKES_WINDOW_SECONDS, at);
    return (windowStart.getTime() + windowSeconds * 1000 - at.getTime()) / 1000;
  }

  const perSource = RATE_LIMITS.failedPasswordPerSource;
  const perDevice = RATE_LIMITS.failedPasswordPerDevice;
  const perAccount = RATE_LIMITS.failedPasswordPerAccount;
  // Normalized emails hold no spaces, so "<bucket>:<email> " starts the keys of one account only.
  const accountPrefix = (rule: RateLimitRule, email: string) =>
    `${rule.bucket}:${email.toLowerCase()} `;

  return {
    /**
     * Counts one password attempt against an account *before* the password is checked, in one
     * atomic statement per counter, so attempts sent at once cannot all slip under the limit.
     * Throws 429 above the limit of this source, or above the account's ceiling over all
     * sources; both back off exponentially. Call `succeeded()` when the password was right.
     * A recognised browser (`exemptions.device`) is counted on its own counter instead of both;
     * over the ceiling, an account with a second factor still has its password checked, and
     * only a wrong one is answered 429 (`overCeiling`): strangers cannot lock out its owner.
     */
    async beginPasswordAttempt(
      email: string,
      ip: string,
      exemptions: PasswordAttemptExemptions = {},
    ): Promise<PasswordAttempt> {
      if (exemptions.device) {
        const deviceKey = `${accountPrefix(perDevice, email)}device ${exemptions.device}`;
        const deviceWait = await countWithBackoff(deviceKey, perDevice);
        if (deviceWait !== null) throw tooManyRequests(deviceWait, perDevice.message);
        return { succeeded: () => repository.reset(deviceKey) };
      }
      const sourceKey = `${accountPrefix(perSource, email)}from ${ip}`;
      const accountKey = `${accountPrefix(perAccount, email)}all`;
      const sourceWait = await countWithBackoff(sourceKey, perSource);
      if (sourceWait !== null) throw tooManyRequests(sourceWait, perSource.message);
      // Only attempts this source may make count toward the ceiling, so a locked-out stranger
      // hammering on cannot push the account over it.
      const accountWait = await countWithBackoff(accountKey, perAccount);
      const overCeiling =
        accountWait === null ? undefined : tooManyRequests(accountWait, perAccount.message);
      if (overCeiling && !exemptions.secondFactor) throw overCeiling;
      return {
        overCeiling,
        async succeeded() {
          await repository.reset(sourceKey);
          await repository.decrement(accountKey);
        },
      };
    },

    /** A completed password reset or a verified second factor: the account is unlocked. */
    async clearPasswordLock(email: string): Promise<void> {
      await repository.resetStartingWith(accountPrefix(perSource, email));
      await repository.resetStartingWith(accountPrefix(perDevice, email));
      await repository.resetStartingWith(accountPrefix(perAccount, email));
    },

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
