import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { policyAccepts, type UploadPolicy } from '@kaleido/shared/files/upload-policies';
import { AppError } from '../../http/errors';
import type { FileStorage } from './file-storage';
import type { createFilesRepository, FileRow } from './files.repository';

export type FilesService = ReturnType<typeof createFilesService>;

class TooLarge extends Error {}

/**
 * Stores uploads after checking size while streaming (never buffering a whole file) and type
 * by content. Who may read a file is decided by the feature that owns it, before `send`.
 */
export function createFilesService(deps: {
  storage: FileStorage;
  repository: ReturnType<typeof createFilesRepository>;
}) {
  const { storage, repository } = deps;

  async function sniff(path: string): Promise<string | null> {
    const detected = await fileTypeFromFile(path);
    if (detected) return detected.mime;
    // Plain text has no magic bytes: accept valid UTF-8 without NULs.
    const handle = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
      const head = buffer.subarray(0, bytesRead);
      if (bytesRead === 0 || head.includes(0)) return null;
      new TextDecoder('utf-8', { fatal: true }).decode(head);
      return 'text/plain';
    } catch {
      return null;
    } finally {
      await handle.close();
    }
  }

  return {
    async store(input: {
      ownerId: string;
      purpose: string;
      policy: UploadPolicy;
      filename: string;
      stream: Readable;
    }): Promise<FileRow> {
      const { policy } = input;
      await mkdir(storage.tempDir, { recursive: true });
      const tempPath = join(storage.tempDir, randomUUID());
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > policy.maxBytes) callback(new TooLarge());
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(input.stream, counter, createWriteStream(tempPath));
        if (size === 0) throw new AppError(400, 'The file is empty.', { code: 'FILE_EMPTY' });
        const mime = await sniff(tempPath);
        if (!mime || !policyAccepts(policy, mime)) {
          throw new AppError(415, policy.wrongTypeMessage, { code: 'FILE_TYPE' });
        }
        const storageKey = `${input.purpose}/${randomUUID()}`;
        await storage.adopt(tempPath, storageKey);
        return await repository.insert({
          ownerId: input.ownerId,
          purpose: input.purpose,
          mime,
          sizeBytes: size,
          originalName: input.filename.slice(0, 255) || 'file',
          storageKey,
        });
      } catch (error) {
        if (error instanceof TooLarge) {
          input.stream.resume(); // drain the rest so the client reads our answer
          throw new AppError(413, policy.tooLargeMessage, { code: 'FILE_TOO_LARGE' });
        }
        throw error;
      } finally {
        await rm(tempPath, { force: true });
      }
    },

    find: (id: string) => repository.find(id),

    localCopy: (file: FileRow) => storage.localCopy(file.storageKey),

    async remove(rows: FileRow[]): Promise<void> {
      for (const row of rows) await storage.remove(row.storageKey);
      await repository.delete(rows.map((r) => r.id));
    },

    /** Streams a file with range support (audio and video players seek with ranges). */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      file: FileRow,
      disposition: 'inline' | 'attachment' = 'inline',
    ) {
      const total = await storage.size(file.storageKey);
      const encodedName = encodeURIComponent(file.originalName);
      reply
        .header('content-type', file.mime)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodedName}`);
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
        return reply.send(storage.read(file.storageKey, { start, end }));
      }
      reply.header('content-length', total);
      return reply.send(storage.read(file.storageKey));
    },
  };
}
