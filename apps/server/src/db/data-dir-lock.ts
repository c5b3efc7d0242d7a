import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no multi-process protection: two processes opening one data directory silently lost
 * a committed row when tried here (STACK.md). So whoever opens the embedded database first holds
 * a lock file with its pid; everyone else is refused with a clear message and touches nothing.
 */
export class DataDirLockedError extends Error {
  constructor(readonly pid: number) {
    super(`data directory in use by process ${pid}`);
  }
}

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'kaleido.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (ownerOf(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(path);
      if (owner !== null && owner !== process.pid && isAlive(owner))
        throw new DataDirLockedError(owner);
      // The owner died without cleaning up (kill -9, power loss): the lock is stale.
      try {
        unlinkSync(path);
      } catch {
        // Someone else removed it first; try again.
      }
    }
  }
  throw new Error(`could not take the data directory lock at ${path}`);
}

function ownerOf(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
