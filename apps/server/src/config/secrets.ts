import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the operator did not set are generated once and kept in DATA_DIR (mode 600), so that
 * sessions and signed links survive restarts. Several instances must share AUTH_SECRET instead.
 */
export function loadOrCreateAuthSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { authSecret?: unknown };
    if (typeof stored.authSecret === 'string' && stored.authSecret.length >= 32)
      return stored.authSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const authSecret = randomBytes(32).toString('hex');
  writeFileSync(path, JSON.stringify({ authSecret }, null, 2), { mode: 0o600 });
  return authSecret;
}
