import { mkdir, statfs } from 'node:fs/promises';

export interface DiskReserve {
  /** Whether the disk under DATA_DIR has more than the reserve free, after `incoming` bytes. */
  hasRoom(incoming?: number): Promise<boolean>;
}

/** statfs is one system call, but a burst of uploads needs it once, not once per request. */
const CACHE_MS = 1_000;

/**
 * The free space kept back on the disk of DATA_DIR (STORAGE_RESERVE_MB): the embedded database
 * and its write-ahead log live there too, and a disk filled by uploads stops everything. Below
 * the reserve, writes are refused with 507 while the database still has room to work.
 */
export function createDiskReserve(options: {
  dir: string;
  reserveBytes: number;
  now?: () => number;
  /** For tests: the free bytes the disk reports. */
  freeBytes?: (dir: string) => Promise<number>;
}): DiskReserve {
  const now = options.now ?? Date.now;
  const freeBytes =
    options.freeBytes ??
    (async (dir: string) => {
      await mkdir(dir, { recursive: true }).catch(() => undefined);
      const space = await statfs(dir);
      return space.bavail * space.bsize;
    });
  let cached: { at: number; free: number } | null = null;
  return {
    async hasRoom(incoming = 0) {
      if (options.reserveBytes <= 0) return true;
      if (!cached || now() - cached.at > CACHE_MS) {
        try {
          cached = { at: now(), free: await freeBytes(options.dir) };
        } catch {
          // A disk we cannot even ask is the write path's to report (503), not the reserve's.
          return true;
        }
      }
      return cached.free - incoming > options.reserveBytes;
    },
  };
}
