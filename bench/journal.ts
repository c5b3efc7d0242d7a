// Journal search figures, one run (a few minutes on 2 cores):   node --import tsx bench/journal.ts
// One person's journal of ENTRIES entries (default 100,000), written by SQL with a 100-word
// vocabulary plus one rarer topic word per entry, on the embedded database (PGlite, in memory) and
// — when BENCH_DATABASE_URL names a PostgreSQL server it may create databases on — on PostgreSQL.
// Measured through the journal repository (the SQL the server runs), sequentially:
//   - full-text search, first page of 20: a common word (~1/3 of entries), a rare word (~0.1 %),
//     and a phrase; each ranked (ts_rank) and highlighted (ts_headline);
//   - the baseline in the same run: the newest 20 entries (plain indexed lookup, no search).
// Prints p50 and p95 in milliseconds and the ratio to the baseline. Target (issue 10): search p95
// ≤ 50 ms on PostgreSQL at 100k entries. BENCH_EMBEDDED=0 skips the embedded database.
// A figure, not a test: no assertions.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { createJournalSearchRepository } from '../apps/server/src/modules/journal/journal-search.repository';
import { timed } from './lib/timing';
import { onBenchDatabases } from './lib/databases';

const ENTRIES = Number(process.env.ENTRIES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 100);
const WORDS = `today felt calm tired happy anxious grateful walked river sea friends family work
meeting deadline sleep dream morning evening coffee tea rain sun garden book music song laughed
cried argued talked listened hope fear anger joy sadness excited bored lonely together alone
mother father sister brother partner child dog cat home office train city park mountain beach
run yoga breath heart mind body pain healing growth change plan goal failed tried learned
remember forgot letter phone message dinner lunch breakfast bread cake wine walk slow fast quiet
loud light dark cold warm spring summer autumn winter week weekend holiday birthday doctor
therapy journal write`
  .split(/\s+/)
  .filter(Boolean);

async function seed(database: Database): Promise<string> {
  const { db } = database;
  const userId = randomUUID();
  await db.execute(
    sql`insert into users (id, name, email) values (${userId}, 'Bench', ${`bench-${userId}@example.com`})`,
  );
  const words = `{${WORDS.join(',')}}`;
  for (let start = 0; start < ENTRIES; start += 10_000) {
    const end = Math.min(ENTRIES, start + 10_000) - 1;
    // Each entry: 30-50 words drawn from the vocabulary, plus "topicN" (1 in 1,000 entries share N).
    await db.execute(sql`
      insert into journal_entries (user_id, title, content, input_type, mood, created_at, updated_at)
      select ${userId}, 'Entry ' || g,
             (select string_agg(w[1 + floor(random() * array_length(w, 1))::int], ' ')
                from generate_series(1, 30 + (g % 21)) as n, (select ${words}::text[] as w) as v
               where n > 0 and g >= 0)
             || ' topic' || (g % 1000),
             'text', (array['happy','excited','neutral','sad','angry'])[1 + g % 5],
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      from generate_series(${start}::int, ${end}::int) as g`);
  }
  await db.execute(sql`analyze journal_entries`);
  return userId;
}

async function measure(label: string, database: Database) {
  const seeding = performance.now();
  const userId = await seed(database);
  console.log(
    `\n${label}: ${ENTRIES.toLocaleString('en')} entries written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const repository = createJournalSearchRepository(database.db);
  const filter = { timezone: 'UTC' };
  const baseline = await timed(() => repository.list(userId, filter, null, 20));
  const rows: [string, { p50: number; p95: number }, number][] = [
    ['newest 20 (baseline)', baseline, 20],
  ];
  for (const [name, q] of [
    ['common word "calm"', 'calm'],
    ['rare word "topic417"', 'topic417'],
    ['phrase "walked river"', '"walked river"'],
    ['two words, one excluded', 'garden -rain'],
  ] as const) {
    const hits = (await repository.list(userId, { ...filter, q }, null, 20)).length;
    rows.push([
      `search ${name}`,
      await timed(() => repository.list(userId, { ...filter, q }, null, 20)),
      hits,
    ]);
  }
  console.table(
    rows.map(([what, { p50, p95 }, hits]) => ({
      what,
      'page rows': Math.min(hits, 20),
      'p50 ms': p50.toFixed(2),
      'p95 ms': p95.toFixed(2),
      'p95 / baseline': (p95 / baseline.p95).toFixed(1),
    })),
  );
}

console.log(
  `journal search bench — ${RUNS} runs per query, load average ${loadavg()[0]?.toFixed(1)}`,
);
await onBenchDatabases('journal', measure, { embedded: process.env.BENCH_EMBEDDED !== '0' });
