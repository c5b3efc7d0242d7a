import type { Config } from '../../config/env';

/** better-auth's cookie prefix; the session guard reads its session cookie directly too. */
export const AUTH_COOKIE_PREFIX = 'kaleido';

/** Over HTTPS the auth cookies are Secure, and better-auth names them with `__Secure-`. */
export function usesSecureCookies(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}
