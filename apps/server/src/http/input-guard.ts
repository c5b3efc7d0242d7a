import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findUnsafeInput,
  jsonNestsDeeperThan,
  TOO_DEEP_MESSAGE,
  type UnsafeInput,
} from '@kaleido/shared/http/safe-input';
import { AppError } from './errors';

function refusal(unsafe: UnsafeInput, where: string): AppError {
  const path = [where, ...unsafe.path].join('.');
  return new AppError(400, unsafe.message, {
    code: unsafe.reason === 'too_deep' ? 'TOO_DEEP' : 'INVALID_TEXT',
    errors: [{ path, message: unsafe.message }],
  });
}

function assertSafe(value: unknown, where: string): void {
  const unsafe = findUnsafeInput(value);
  if (unsafe) throw refusal(unsafe, where);
}

/**
 * One guard in front of every route, so no text field, search parameter, email, token or file
 * name can carry a NUL byte, an unpaired surrogate or stack-breaking nesting into a schema, a
 * query or a file (docs/decisions/013-input-guard.md): JSON depth is read before parsing; the
 * parsed body, query and params are walked before validation; multipart file names and fields
 * as `request.file()` hands them out.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestsDeeperThan(text)) {
        done(
          new AppError(400, TOO_DEEP_MESSAGE, {
            code: 'TOO_DEEP',
            errors: [{ path: 'body', message: TOO_DEEP_MESSAGE }],
          }),
          undefined,
        );
        return;
      }
      void parseJson(request, text, done);
    },
  );

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertSafe(request.params, 'params');
      assertSafe(request.query, 'query');
      assertSafe(request.body, 'body');
      if (request.isMultipart()) guardMultipart(request);
      done();
    } catch (error) {
      done(error as AppError);
    }
  });
}

/** Checks each part's file name and the fields before it as the route reads them. */
function guardMultipart(request: FastifyRequest): void {
  const file = request.file.bind(request);
  const guarded: typeof request.file = async (...args: Parameters<typeof request.file>) => {
    const part = await file(...args);
    if (!part) return part;
    assertSafe(part.filename, 'file.name');
    for (const [name, field] of Object.entries(part.fields)) {
      assertSafe(name, 'fields');
      for (const entry of Array.isArray(field) ? field : [field])
        if (entry?.type === 'field') assertSafe(entry.value, `fields.${name}`);
    }
    return part;
  };
  request.file = guarded;
}
