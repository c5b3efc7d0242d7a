import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors';

export interface Upload<Fields> {
  filename: string;
  /** The file's bytes, read as the service stores them (never buffered whole). */
  stream: Readable;
  /** The text fields sent before the file, checked by the route's schema. */
  fields: Fields;
}

/**
 * The one file of a multipart upload, with the text fields sent before it. Not multipart: 406
 * (Fastify's FST_INVALID_MULTIPART_CONTENT_TYPE). No file part: 400 NO_FILE with the route's
 * own words. Fields that fail their schema: 400 VALIDATION, and the file is drained so the
 * connection stays usable. Signed-out uploads never get here: the session guard refuses them
 * on the headers.
 */
export async function readUpload<Schema extends z.ZodType>(
  request: FastifyRequest,
  options: { noFileMessage: string; fields: Schema },
): Promise<Upload<z.infer<Schema>>> {
  const part = await request.file();
  if (!part) throw badRequest(options.noFileMessage, undefined, 'NO_FILE');
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, field]) =>
      field && !Array.isArray(field) && field.type === 'field' ? [[name, String(field.value)]] : [],
    ),
  );
  const parsed = options.fields.safeParse(fields);
  if (!parsed.success) {
    part.file.resume();
    throw badRequest(
      parsed.error.issues[0]?.message ?? 'Invalid value',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      'VALIDATION',
    );
  }
  return { filename: part.filename, stream: part.file, fields: parsed.data };
}
