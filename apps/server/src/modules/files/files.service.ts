import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { policyAccepts, type UploadPolicy } from '@kaleido/shared/files/upload-policies';
import { AppError } from '../../http/errors';
import type { OpenedFile } from '../../http/send-file';
import type { FileStorage } from './file-storage';
import type { FilesRepository, FileRow } from './files.repository';

export type FilesService = ReturnType<typeof createFilesService>;

class TooLarge extends Error {}
class OverQuota extends Error {}

export const FILE_MISSING_MESSAGE = 'This file is no longer available.';
export const STORAGE_FULL_MESSAGE =
  'The server has run out of storage space, so the file was not saved. Please try again later.';
export const STORAGE_UNAVAILABLE_MESSAGE =
  'File storage is not available right now, so the file was not saved. Please try again later.';

/**
 * A disk that is full, read-only or gone refuses the upload with a status that says the fault is
 * ours and passing (507 / 503), never a 500 — and the operator finds the cause in the log.
 */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
// ENOENT: a fresh, empty files mount that cannot be written cannot have its folders made either.
const DISK_UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EIO', 'ENOENT']);
function storageFault(error: unknown): AppError | null {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (DISK_FULL.has(code)) return new AppError(507, STORAGE_FULL_MESSAGE, { code: 'STORAGE_FULL' });
  if (DISK_UNWRITABLE.has(code))
    return new AppError(503, STORAGE_UNAVAILABLE_MESSAGE, { code: 'STORAGE_UNAVAILABLE' });
  return null;
}

/**
 * Stores uploads after checking size while streaming (never buffering a whole file) and type
 * by content. Who may read a file is decided by the feature that owns it, before `open`.
 */
export function createFilesService(deps: {
  storage: FileStorage;
  repository: FilesRepository;
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * The bytes the owner may still store (modules/storage: their quota and the disk's reserve);
   * throws 507 when there is no room for up to `incoming` more. Absent: no limit but the policy's.
   */
  roomFor?: (ownerId: string, incoming: number) => Promise<number>;
  /** The 507 for an upload that outgrew the owner's room while streaming. */
  overQuota?: (ownerId: string) => Promise<Error>;
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
      const tempPath = join(storage.tempDir, randomUUID());
      let size = 0;
      let room = Number.POSITIVE_INFINITY;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > policy.maxBytes) callback(new TooLarge());
          else if (size > room) callback(new OverQuota());
          else callback(null, chunk);
        },
      });
      try {
        // Asked before a byte is read, with the most this kind of file may add to the disk.
        if (deps.roomFor) room = await deps.roomFor(input.ownerId, policy.maxBytes);
        await mkdir(storage.tempDir, { recursive: true });
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
        if (error instanceof OverQuota && deps.overQuota) {
          input.stream.resume();
          throw await deps.overQuota(input.ownerId);
        }
        if (error instanceof AppError) {
          // Refused before reading (quota, reserve): http/early-refusal.ts closes the connection.
          input.stream.resume();
          throw error;
        }
        const fault = storageFault(error);
        if (fault) {
          input.stream.resume();
          deps.log.error({ err: error, purpose: input.purpose }, 'upload could not be stored');
          throw fault;
        }
        throw error;
      } finally {
        // Best effort: on a failed disk the removal may fail too, and the first error matters.
        await rm(tempPath, { force: true }).catch(() => undefined);
      }
    },

    find: (id: string) => repository.find(id),

    localCopy: (file: FileRow) => storage.localCopy(file.storageKey),

    async remove(rows: FileRow[]): Promise<void> {
      for (const row of rows) await storage.remove(row.storageKey);
      await repository.delete(rows.map((r) => r.id));
    },

    /** The file's bytes, for archives (account export). */
    read: (file: FileRow) => storage.read(file.storageKey),

    /**
     * The file, opened for `http/send-file.ts`, after the owning feature decided the caller may
     * read it. A row whose bytes are gone answers 404, and the operator finds why in `log`
     * (the request's, so the line carries its id).
     */
    async open(
      file: FileRow,
      log: Pick<FastifyBaseLogger, 'error'> = deps.log,
    ): Promise<OpenedFile> {
      let size: number;
      try {
        size = await storage.size(file.storageKey);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // The row outlived its bytes (restored backup, manual cleanup, failed disk): say so.
        log.error({ fileId: file.id, storageKey: file.storageKey }, 'stored file is missing');
        throw new AppError(404, FILE_MISSING_MESSAGE, { code: 'FILE_MISSING' });
      }
      return {
        mime: file.mime,
        originalName: file.originalName,
        size,
        read: (range) => storage.read(file.storageKey, range),
      };
    },
  };
}
