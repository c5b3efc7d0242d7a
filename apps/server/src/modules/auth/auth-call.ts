import { isApiErrorCode } from '@kaleido/shared/http/api-error';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { CLIENT_IP_HEADER } from './better-auth';

/** Headers for better-auth: the request's own, with the client IP we trust set by us. */
export function authHeaders(context: RequestContext): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(context.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, context.ip);
  return headers;
}

interface BetterCallError {
  statusCode: number;
  body?: { message?: string; code?: string };
}

function isBetterCallError(error: unknown): error is BetterCallError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
  );
}

/**
 * Runs one better-auth API call and returns its result with the Set-Cookie values to forward.
 * Its errors become our AppError; `messages` replaces better-auth's wording per error code.
 */
export async function callAuth<T>(
  call: () => Promise<{ headers: Headers; response: T }>,
  messages: Record<string, string> = {},
): Promise<{ response: T; setCookies: string[] }> {
  try {
    const { headers, response } = await call();
    return { response, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (!isBetterCallError(error) || error.statusCode >= 500) throw error;
    const code = error.body?.code;
    const message = (code && messages[code]) ?? error.body?.message ?? 'Request failed';
    // Codes we word or react to are in the catalogue; better-auth's others stay unnamed.
    throw new AppError(error.statusCode, message, code && isApiErrorCode(code) ? { code } : {});
  }
}
