import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

/** Migration 0007 renumbers existing messages per conversation and moves read positions along. */
const dir = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const target = files.findIndex((f) => f.startsWith('0007_per_conversation_seq'));

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(`${dir}/${file}`, 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

describe('migration to per-conversation numbers', () => {
  it('numbers each conversation 1, 2, 3 in the old order and keeps what was read', async () => {
    const db = new PGlite();
    for (const file of files.slice(0, target)) await apply(db, file);
    const [one, two] = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ];
    const reader = '00000000-0000-4000-8000-0000000000aa';
    await db.exec(`insert into conversations (id) values ('${one}'), ('${two}')`);
    // Interleaved, as a global sequence numbers them: one gets 2, 4, 6; two gets 1, 3, 5.
    for (let i = 0; i < 6; i++)
      await db.query(
        `insert into user_inputs (client_id, conversation_id, content) values (gen_random_uuid(), $1, $2)`,
        [i % 2 ? one : two, `m${i}`],
      );
    await db.exec(
      `insert into users (id, name, email, email_verified, created_at, updated_at)
       values ('${reader}', 'Reader', 'r@example.test', true, now(), now())`,
    );
    await db.exec(
      `insert into conversation_reads (conversation_id, user_id, last_read_seq) values ('${one}', '${reader}', 4)`,
    );
    await apply(db, files[target] ?? '');

    const rows = await db.query<{ conversation_id: string; content: string; seq: string | number }>(
      'select conversation_id, content, seq from user_inputs order by conversation_id, seq',
    );
    expect(rows.rows.map((r) => [r.conversation_id, r.content, Number(r.seq)])).toEqual([
      [one, 'm1', 1],
      [one, 'm3', 2],
      [one, 'm5', 3],
      [two, 'm0', 1],
      [two, 'm2', 2],
      [two, 'm4', 3],
    ]);
    const last = await db.query<{ last_seq: string | number }>(
      'select last_seq from conversations order by id',
    );
    expect(last.rows.map((r) => Number(r.last_seq))).toEqual([3, 3]);
    // Had read up to global 4 (its second message): now up to its 2.
    const read = await db.query<{ last_read_seq: string | number }>(
      'select last_read_seq from conversation_reads',
    );
    expect(Number(read.rows[0]?.last_read_seq)).toBe(2);
    await db.close();
  });
});
