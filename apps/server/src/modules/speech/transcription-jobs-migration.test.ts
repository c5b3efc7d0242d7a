import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

/** Migration 0008 moves `transcription_jobs` onto the shared `jobs` table; 0009 drops it. */
const dir = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const target = files.findIndex((f) => f.startsWith('0008_jobs'));

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(`${dir}/${file}`, 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

describe('migration of transcription jobs to the job queue', () => {
  it('keeps every job with its state, owner and error; one pending job per target', async () => {
    const db = new PGlite();
    for (const file of files.slice(0, target)) await apply(db, file);
    const owner = '00000000-0000-4000-8000-0000000000aa';
    const file = '00000000-0000-4000-8000-0000000000f1';
    await db.exec(
      `insert into users (id, name, email, email_verified, created_at, updated_at)
       values ('${owner}', 'Owner', 'o@example.test', true, now(), now());
       insert into files (id, owner_id, purpose, mime, size_bytes, original_name, storage_key)
       values ('${file}', '${owner}', 'voice', 'audio/webm', 10, 'a.webm', 'k1');`,
    );
    const job = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const rows: [number, string, string, number, string | null, string][] = [
      // id, target, status, attempts, last_error, created_at
      [1, 'note-1', 'done', 1, null, '2026-01-01T10:00:00Z'],
      [2, 'note-2', 'failed', 3, 'model not loaded', '2026-01-01T10:00:00Z'],
      [3, 'note-3', 'running', 2, 'timeout', '2026-01-01T10:00:00Z'],
      // Queued twice for one target (transcribe again): the newer stays pending.
      [4, 'note-4', 'queued', 0, null, '2026-01-01T10:00:00Z'],
      [5, 'note-4', 'queued', 0, null, '2026-01-01T11:00:00Z'],
    ];
    for (const [n, targetId, status, attempts, error, at] of rows)
      await db.query(
        `insert into transcription_jobs (id, owner_id, file_id, target_kind, target_id, status,
           attempts, last_error, text, next_run_at, created_at, updated_at)
         values ($1, $2, $3, 'voice-note', $4, $5, $6, $7, $8, $9, $9, $9)`,
        [
          job(n),
          owner,
          file,
          targetId,
          status,
          attempts,
          error,
          status === 'done' ? 'hi' : null,
          at,
        ],
      );
    await apply(db, files[target] ?? '');
    await apply(db, files[target + 1] ?? '');

    const moved = await db.query<{
      id: string;
      status: string;
      attempts: number;
      last_error: string | null;
      key: string;
      user_id: string;
      kind: string;
      payload: unknown;
      finished: boolean;
    }>(
      `select id, status, attempts, last_error, key, user_id, kind, payload,
              finished_at is not null as finished
         from jobs order by id`,
    );
    expect(moved.rows).toEqual([
      expect.objectContaining({ id: job(1), status: 'done', attempts: 1, finished: true }),
      expect.objectContaining({
        id: job(2),
        status: 'failed',
        attempts: 3,
        last_error: 'model not loaded',
      }),
      // Cut short by the upgrade: queued again, that attempt not counted.
      expect.objectContaining({ id: job(3), status: 'queued', attempts: 1, finished: false }),
      expect.objectContaining({ id: job(4), status: 'cancelled', finished: true }),
      expect.objectContaining({ id: job(5), status: 'queued', finished: false }),
    ]);
    expect(moved.rows[4]).toMatchObject({
      kind: 'transcription',
      key: 'transcription:voice-note:note-4',
      user_id: owner,
      payload: { userId: owner, fileId: file, targetKind: 'voice-note', targetId: 'note-4' },
    });
    const old = await db.query(`select to_regclass('transcription_jobs') as t`);
    expect(old.rows).toEqual([{ t: null }]);
    await db.close();
  });
});
