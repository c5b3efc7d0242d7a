import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ArchiveEntry {
  name: string;
  /** Already-compressed media is stored as is; text is deflated. */
  compress: boolean;
  open: () => Readable | Buffer;
}

/** The entry that lists what could not be read, so a download is never silently incomplete. */
export const MISSING_FILES_ENTRY = 'missing-files.json';

/**
 * A zip written as it is read: one entry at a time, waiting for the reader (backpressure), so a
 * large archive never sits in memory. A file that cannot be opened (gone from disk, unreadable)
 * is left out and named in `missing-files.json`: once the 200 is sent, failing the stream would
 * hand the person a truncated archive that looks like a finished download.
 */
export function zipStream(entries: ArchiveEntry[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const missing: { name: string; reason: string }[] = [];
  const add = (entry: ArchiveEntry) => {
    const file = entry.compress
      ? new ZipDeflate(entry.name, { level: 6 })
      : new ZipPassThrough(entry.name);
    zip.add(file);
    return file;
  };
  async function write() {
    for (const entry of entries) {
      let source: Readable | Buffer;
      let first: IteratorResult<unknown>;
      let chunks: AsyncIterator<unknown> | null = null;
      try {
        source = entry.open();
        // Reading the first chunk opens the file: a missing one fails here, before its entry.
        if (!Buffer.isBuffer(source)) {
          chunks = source[Symbol.asyncIterator]();
          first = await chunks.next();
        } else first = { done: true, value: undefined };
      } catch (error) {
        missing.push({ name: entry.name, reason: reasonOf(error) });
        continue;
      }
      const file = add(entry);
      if (Buffer.isBuffer(source)) {
        file.push(source, true);
        continue;
      }
      for (let next = first; !next.done; next = await (chunks as AsyncIterator<unknown>).next()) {
        file.push(next.value as Buffer);
        if (out.writableNeedDrain) await drained(out);
        if (out.destroyed) {
          source.destroy(); // the reader went away
          return;
        }
      }
      file.push(new Uint8Array(0), true);
    }
    if (missing.length > 0) {
      const manifest = {
        message: 'These files could not be read from storage and are not in this archive.',
        files: missing,
      };
      add({ name: MISSING_FILES_ENTRY, compress: true, open: () => Buffer.alloc(0) }).push(
        Buffer.from(JSON.stringify(manifest, null, 2)),
        true,
      );
    }
    zip.end();
  }
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'The file is missing from storage.';
  if (code === 'EACCES' || code === 'EPERM')
    return 'The file could not be read (permission denied).';
  return 'The file could not be read.';
}

function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}
