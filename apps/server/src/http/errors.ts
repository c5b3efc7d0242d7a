import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ApiErrorCode } from '@kaleido/shared/http/api-error';

/**
 * Small typed errors thrown by services. One handler (below) turns them, and anything else,
 * into the single error body `{ message, errors?, code?, requestId }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: {
      code?: ApiErrorCode;
      errors?: ApiError['errors'];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: ApiError['errors'], code?: ApiErrorCode) =>
  new AppError(400, message, { errors, code });
export const unauthorized = (
  message = 'You need to sign in first.',
  code: ApiErrorCode = 'UNAUTHENTICATED',
) => new AppError(401, message, { code });
export const forbidden = (message: string, code?: ApiErrorCode) =>
  new AppError(403, message, { code });
export const notFound = (message = 'Not found') =>
  new AppError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, code?: ApiErrorCode) =>
  new AppError(409, message, { code });
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new AppError(429, message, {
    code: 'RATE_LIMITED',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.options.headers ?? {}))
        reply.header(name, value);
      const body: ApiError = { message: error.message, requestId };
      if (error.options.errors) body.errors = error.options.errors;
      if (error.options.code) body.code = error.options.code;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: pathOf(v.instancePath),
        message:
          v.keyword === 'unrecognized_keys'
            ? unknownFieldsMessage(v.params)
            : (v.message ?? 'Invalid value'),
      }));
      const first = errors[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ message: first, errors, code: 'VALIDATION', requestId });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side.', requestId });
    }
    // Fastify's own client errors: malformed JSON, oversized body, wrong content type, ...
    return reply
      .status(status)
      .send({ message: clientErrorMessage(error, status), code: error.code, requestId });
  });
}

function unknownFieldsMessage(params: Record<string, unknown>): string {
  const keys = Array.isArray(params.keys) ? params.keys.map(String) : [];
  return keys.length === 1
    ? `Unknown field: ${keys[0] ?? ''}`
    : `Unknown fields: ${keys.join(', ')}`;
}

function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    // @fastify/multipart's `request.file()` on a body that is not multipart/form-data.
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'Please attach the file as a form upload.';
    default:
      return status === 413 ? 'The request body is too large.' : error.message;
  }
}
