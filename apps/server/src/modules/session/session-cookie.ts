import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';

/**
 * better-auth's cookie prefix (auth configures better-auth with it); the session guard reads its
 * session cookie directly too.
 */
export const AUTH_COOKIE_PREFIX = 'kaleido';

/** Over HTTPS the auth cookies are Secure, and better-auth names them with `__Secure-`. */
export function usesSecureCookies(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

/**
 * Reads the session token from better-auth's signed cookie without a round trip through its
 * API: the value is `encodeURIComponent(token + '.' + base64(HMAC-SHA256(secret, token)))`
 * (better-call's signed cookies). This is the hot path of every API request; resolving it with
 * one query instead of better-auth's getSession keeps authenticated requests cheap.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  // better-auth's name for it under our `advanced.cookiePrefix` and `useSecureCookies`.
  const secure = usesSecureCookies(config) ? '__Secure-' : '';
  return `${secure}${AUTH_COOKIE_PREFIX}.session_token`;
}

export function readSessionToken(
  cookieHeader: string | string[] | undefined,
  name: string,
  secret: string,
): string | null {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '');
  const raw = valueOf(header, name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

function valueOf(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
