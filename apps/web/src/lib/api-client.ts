import type { ApiError, ApiErrorCode } from '@kaleido/shared/http/api-error';
import { CSRF_HEADER } from '@kaleido/shared/http/http.constants';

const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
const CSRF_REJECTED: ApiErrorCode = 'CSRF';

/** A failed API call, carrying the server's one error body (`{message, errors?, code?}`). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** One of API_ERROR_CODES, or a Fastify code for a body it could not read. */
  readonly code: string | undefined;
  readonly errors: ApiError['errors'];
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: Partial<ApiError>, retryAfter: string | null) {
    super(body.message ?? GENERIC_ERROR_MESSAGE);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body.code;
    this.errors = body.errors;
    this.retryAfterSeconds = retryAfter === null ? null : Number(retryAfter) || null;
  }

  /** Whether the server answered with this catalogued code (a typo does not compile). */
  is(code: ApiErrorCode): boolean {
    return this.code === code;
  }
}

// The anti-forgery token lives in memory only; the session query keeps it current.
let csrfToken: string | null = null;
let onUnauthorized: ((error: ApiRequestError) => void) | null = null;
let onCsrfRejected: (() => Promise<string | null>) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Wired by the session provider: 401 ends the local session, a stale token is fetched anew. */
export function configureApiClient(handlers: {
  onUnauthorized: (error: ApiRequestError) => void;
  refreshCsrfToken: () => Promise<string | null>;
}): void {
  onUnauthorized = handlers.onUnauthorized;
  onCsrfRejected = handlers.refreshCsrfToken;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  /** Calls whose 401 is an expected answer (sign-in, session probe) skip the global handler. */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // FormData (uploads) sets its own multipart content type and boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** A proxy's HTML error page is not our body: the status and the generic message must do. */
function parseErrorBody(text: string): Partial<ApiError> {
  try {
    return text ? (JSON.parse(text) as Partial<ApiError>) : {};
  } catch {
    return {};
  }
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let response = await send(method, path, options);
  if (response.status === 403 && method !== 'GET' && onCsrfRejected) {
    const body = parseErrorBody(await response.clone().text());
    // The token rotates on refresh; fetch the current one and try once more.
    if (body.code === CSRF_REJECTED && (await onCsrfRejected()) !== null) {
      response = await send(method, path, options);
    }
  }
  const text = await response.text();
  if (!response.ok) {
    const error = new ApiRequestError(
      response.status,
      parseErrorBody(text),
      response.headers.get('retry-after'),
    );
    if (response.status === 401 && !options.expectUnauthorized) onUnauthorized?.(error);
    throw error;
  }
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * A GET whose answer is a file (an export): the bytes and the server's file name, or the same
 * ApiRequestError as any call, so a refusal is shown rather than saved as a file.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send('GET', path, {});
  if (!response.ok) {
    const error = new ApiRequestError(
      response.status,
      parseErrorBody(await response.text()),
      response.headers.get('retry-after'),
    );
    if (response.status === 401) onUnauthorized?.(error);
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    blob: await response.blob(),
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
  };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, { body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/**
 * What to show for a failed call: the server's first field message or its message; anything
 * else (network failure, unreadable answer) gets the generic text, so no failure goes unshown.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.errors?.[0]?.message ?? error.message;
  return GENERIC_ERROR_MESSAGE;
}
