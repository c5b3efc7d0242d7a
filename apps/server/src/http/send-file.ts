import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A stored file, opened by the service that decided the caller may read it. */
export interface OpenedFile {
  mime: string;
  originalName: string;
  size: number;
  read(range?: { start: number; end: number }): Readable;
}

/**
 * Streams a file with range support (audio and video players seek with ranges). Every file
 * we serve is someone's private media: `no-store` keeps it out of the browser's cache after
 * sign-out, and only pictures and sound play inline — a PDF or text rendered on our origin
 * could run script or phish in our name, so those are downloads.
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: OpenedFile,
  disposition: 'inline' | 'attachment' = 'inline',
) {
  const total = file.size;
  const playable = /^(image|audio|video)\//.test(file.mime);
  const encodedName = encodeURIComponent(file.originalName);
  reply
    .header('content-type', file.mime)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${playable ? disposition : 'attachment'}; filename*=UTF-8''${encodedName}`,
    );
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, total - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), total - 1) : total - 1;
    if (start > end || start >= total) {
      return reply.status(416).header('content-range', `bytes */${total}`).send();
    }
    reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${total}`)
      .header('content-length', end - start + 1);
    return reply.send(file.read({ start, end }));
  }
  reply.header('content-length', total);
  return reply.send(file.read());
}
