import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ArchiveEntry {
  name: string;
  /** Already-compressed media is stored as is; text is deflated. */
  compress: boolean;
  open: () => Readable | Buffer;
}

/**
 * A zip written as it is read: one entry at a time, waiting for the reader (backpressure), so a
 * large archive never sits in memory.
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
  async function write() {
    for (const entry of entries) {
      const file = entry.compress
        ? new ZipDeflate(entry.name, { level: 6 })
        : new ZipPassThrough(entry.name);
      zip.add(file);
      const source = entry.open();
      if (Buffer.isBuffer(source)) file.push(source, true);
      else {
        for await (const chunk of source) {
          file.push(chunk as Buffer);
          if (out.writableNeedDrain) await drained(out);
          if (out.destroyed) {
            source.destroy(); // the reader went away
            return;
          }
        }
        file.push(new Uint8Array(0), true);
      }
    }
    zip.end();
  }
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
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
