// Email figures, one run (about a minute on 2 cores):   node --import tsx bench/email.ts
// PEOPLE people (default 4) who each receive MESSAGES messages (default 10,000) from the others —
// so every mailbox holds 10,000 in its inbox and about as many in sent — written by SQL, on
// PostgreSQL (BENCH_DATABASE_URL, a server it may create databases on) and, unless
// BENCH_EMBEDDED=0, on the embedded database too. Measured through email reading (the code the
// server runs for GET /api/email/messages: the page, its people, recipients and attachments):
//   - the inbox page of 50, first page and a page deep in the folder (cursor);
//   - the folder counts (unread per folder);
//   - a search over subject, body and people, first page (the GIN tsvector index), beside the
//     same search as the ILIKE scan over the person's copies it replaced (one SQL statement);
//   - the baseline in the same run: one plain indexed lookup (a state row by its primary key).
// Prints p50 and p95 in milliseconds and the ratio to the baseline. Target (issue 11): the inbox
// page p95 stays a small multiple of the baseline at 10,000 messages. A figure, not a test.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { createEmailRepository } from '../apps/server/src/modules/email/email.repository';
import { createMailPresenter } from '../apps/server/src/modules/email/email-presenter';
import { createEmailReading } from '../apps/server/src/modules/email/email-reading';
import { timed } from './lib/timing';
import { onBenchDatabases } from './lib/databases';

const PEOPLE = Number(process.env.PEOPLE ?? 4);
const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 100);

async function seed(database: Database): Promise<string[]> {
  const { db } = database;
  const ids = Array.from({ length: PEOPLE }, () => randomUUID());
  for (const [i, id] of ids.entries()) {
    await db.execute(
      sql`insert into users (id, name, email) values (${id}, ${`Person ${i}`}, ${`bench-${id}@example.com`})`,
    );
    await db.execute(
      sql`insert into profiles (user_id, full_name, email) values (${id}, ${`Person ${i}`}, ${`bench-${id}@example.com`})`,
    );
  }
  for (const [i, recipient] of ids.entries()) {
    const sender = ids[(i + 1) % ids.length] ?? recipient;
    for (let start = 0; start < MESSAGES; start += 5_000) {
      const end = Math.min(MESSAGES, start + 5_000) - 1;
      await db.execute(sql`
        with m as (
          insert into mail_messages (id, thread_id, sender_id, subject, body, sent_at, created_at, updated_at)
          select id, id, ${sender}, 'Letter ' || g, 'Dear friend, this is letter ' || g || ' about the week.',
                 now() - make_interval(mins => g), now() - make_interval(mins => g), now()
          from (select gen_random_uuid() as id, g from generate_series(${start}::int, ${end}::int) g) s
          returning id, sent_at
        ), r as (
          insert into mail_recipients (message_id, position, user_id, kind)
          select id, 0, ${recipient}, 'to' from m
        ), snd as (
          insert into mail_states (user_id, message_id, folder, read, at)
          select ${sender}, id, 'sent', true, sent_at from m
        )
        insert into mail_states (user_id, message_id, folder, read, starred, at)
        select ${recipient}, id, 'inbox', random() < 0.8, random() < 0.05, sent_at from m`);
    }
  }
  await db.execute(sql`analyze mail_messages`);
  await db.execute(sql`analyze mail_states`);
  await db.execute(sql`analyze mail_recipients`);
  return ids;
}

/** The search as it was before the index: ILIKE over every copy the person holds. */
const ilikeSearch = (userId: string, pattern: string) => sql`
  select m.id from mail_states s join mail_messages m on m.id = s.message_id
  where s.user_id = ${userId} and s.folder <> 'trash'
    and (m.subject ilike ${pattern} or m.body ilike ${pattern}
      or exists (select 1 from profiles p where p.user_id = m.sender_id
                 and (p.full_name ilike ${pattern} or p.email ilike ${pattern}))
      or exists (select 1 from mail_recipients r join profiles p on p.user_id = r.user_id
                 where r.message_id = m.id
                   and (p.full_name ilike ${pattern} or p.email ilike ${pattern})))
  order by s.at desc, s.message_id desc limit 51`;

async function measure(label: string, database: Database) {
  const seeding = performance.now();
  const [userId = ''] = await seed(database);
  console.log(
    `\n${label}: ${PEOPLE} mailboxes of ${MESSAGES.toLocaleString('en')} received messages written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const repository = createEmailRepository(database.db);
  // Listing is the reading factory over the repository, presented as GET /api/email/messages is.
  const reading = createEmailReading({ repository, presenter: createMailPresenter(repository) });
  const first = await reading.list(userId, { folder: 'inbox', limit: 50 });
  const someId = first.messages[10]?.id ?? '';
  // A cursor about 60 % down the folder.
  let deep: string | null = first.nextCursor;
  for (let i = 0; i < Math.floor((MESSAGES / 50) * 0.6) && deep; i++)
    deep = (await reading.list(userId, { folder: 'inbox', limit: 50, cursor: deep })).nextCursor;
  const baseline = await timed(() => repository.findState(userId, someId));
  const rows: [string, { p50: number; p95: number }][] = [
    ['one state row by key (baseline)', baseline],
    ['inbox page of 50', await timed(() => reading.list(userId, { folder: 'inbox', limit: 50 }))],
    [
      'inbox page of 50, 60 % deep',
      await timed(() =>
        reading.list(userId, { folder: 'inbox', limit: 50, cursor: deep ?? undefined }),
      ),
    ],
    ['folder counts', await timed(() => reading.counts(userId))],
    [
      'search "letter 42", first 50',
      await timed(() => reading.list(userId, { q: 'letter 42', limit: 50 })),
    ],
    [
      'the same search as an ILIKE scan (before)',
      await timed(() => database.db.execute(ilikeSearch(userId, '%letter 42%'))),
    ],
  ];
  console.table(
    rows.map(([what, { p50, p95 }]) => ({
      what,
      'p50 ms': p50.toFixed(2),
      'p95 ms': p95.toFixed(2),
      'p95 / baseline': (p95 / baseline.p95).toFixed(1),
    })),
  );
}

console.log(`mail bench — ${RUNS} runs per query, load average ${loadavg()[0]?.toFixed(1)}`);
await onBenchDatabases('mail', measure, { embedded: process.env.BENCH_EMBEDDED !== '0' });
