import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';
import { AUTH_COOKIE_PREFIX, usesSecureCookies } from '../session/session-cookie';

/**
 * Device cookies (OWASP's answer to lockouts caused by strangers): a browser that completed a
 * sign-in to an account gets a signed token naming that account. When strangers have pushed the
 * account over its ceiling of failed passwords, that browser still signs in (probe N12): its
 * attempts are counted on its own (rate-limit.service.ts `beginPasswordAttempt`). The token proves
 * only an earlier sign-in from this browser, never identity: the password is checked as always.
 */
export const DEVICE_COOKIE = `${AUTH_COOKIE_PREFIX}.device`;
const MAX_AGE_SECONDS = 180 * 24 * 3600;
/** Accounts remembered per browser (a shared family computer), newest first. */
const KEPT = 5;
// Only the auth routes read it: every other request goes without it.
const PATH = '/api/auth';

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

export function createDeviceCookies(
  authSecret: string,
  config: Pick<Config, 'publicUrl'>,
  now: () => Date = () => new Date(),
) {
  // A key of its own, so a device token can never be mistaken for anything else signed.
  const key = createHmac('sha256', authSecret).update('kaleido device cookie v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const secure = usesSecureCookies(config);

  /** The valid, unexpired tokens in a cookie value: `userId.issuedAt.nonce.mac`, `~`-separated. */
  function tokensIn(value: string | undefined) {
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const tokens: { userId: string; nonce: string; raw: string }[] = [];
    for (const raw of (value ?? '').split('~').slice(0, KEPT)) {
      const [userId, issued, nonce, signature, extra] = raw.split('.');
      if (!userId || !issued || !nonce || !signature || extra !== undefined) continue;
      if (!(Number(issued) + MAX_AGE_SECONDS > nowSeconds)) continue;
      const expected = Buffer.from(mac(`${userId}.${issued}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      tokens.push({ userId, nonce, raw });
    }
    return tokens;
  }

  return {
    /** This browser's device id for `userId`, when it signed in to that account before. */
    recognised(value: string | undefined, userId: string | undefined): string | undefined {
      if (!userId) return undefined;
      return tokensIn(value).find((t) => t.userId === userId)?.nonce;
    },

    /** The Set-Cookie header that remembers this browser for `userId` (a sign-in completed). */
    issue(value: string | undefined, userId: string): string {
      const issued = Math.floor(now().getTime() / 1000);
      const payload = `${userId}.${issued}.${randomBytes(12).toString('base64url')}`;
      const others = tokensIn(value).filter((t) => t.userId !== userId);
      const tokens = [`${payload}.${mac(payload)}`, ...others.map((t) => t.raw)].slice(0, KEPT);
      const attributes = [`Path=${PATH}`, `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
      if (secure) attributes.push('Secure');
      return `${DEVICE_COOKIE}=${tokens.join('~')}; ${attributes.join('; ')}`;
    },
  };
}
