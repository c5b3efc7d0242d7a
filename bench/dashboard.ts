// Dashboard figures (issue 13, bench (c)), one run (a few minutes on 2 cores):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/dashboard.ts
// A person with a year of data on PostgreSQL (a database created for the run and dropped after):
// ENTRIES journal entries (default 2,000, moods recorded) and MESSAGES chat messages (default
// 20,000, all written by the person — the heavier case, since only one's own messages are
// analysed) in 30 conversations, spread over the last 365 days; every item analysed as the
// pipeline stores it (analysis_items: the same analyse() and mood model, written in bulk).
// Measured through the built app over HTTP (app.inject with the person's session), sequentially:
//   - GET /api/dashboard (the six cards, Recent Activity, the mood trend);
//   - GET /api/insights (the insight cards the dashboard shows) three ways: right after an item
//     changed (a chat message edited and analysed again by the analysis job, which writes the
//     item and sums its day's rollup again, then computes the cards someone is looking at and
//     announces the change with them: insights.updated reached the server, and the read finds
//     them ready; min(RUNS, 30) runs); right after a change announced without prepared cards (a
//     dispute, a setting, a change made on another instance: the cards are computed from the
//     daily rollups on the read itself); and with no change since (the cards kept in memory);
//   - the cost moved to writing: that analysis job itself (per edit), and building a person's
//     rollups from every item (once: the first read after the upgrade, a timezone change);
//   - both at once, as the dashboard page asks for them (the figure the target is about), in
//     the same two cases;
//   - baselines in the same run: one journal entry by its primary key in SQL (a plain indexed
//     lookup), and GET /api/journal/entries/:id (the same lookup through the same HTTP stack).
// Prints p50 and p95 in ms and the ratio to the HTTP baseline. Target: dashboard p95 ≤ 100 ms.
// BENCH_EMBEDDED=1 measures the embedded database (PGlite) instead. A figure, not a test.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ANALYSIS_VERSION, INSIGHT_MINIMUMS } from '@kaleido/shared/insights/insights.constants';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { rowsOf, type Database } from '../apps/server/src/db/client';
import { analysisItems } from '../apps/server/src/db/schema/analysis';
import { createAnalysedItemsRepository } from '../apps/server/src/modules/insights/analysed-items.repository';
import { createDisputesRepository } from '../apps/server/src/modules/insights/disputes.repository';
import { estimateMood } from '../apps/server/src/modules/insights/personal-model';
import { createPersonalModelLearning } from '../apps/server/src/modules/insights/personal-model-learning';
import { createPersonalModelRepository } from '../apps/server/src/modules/insights/personal-model.repository';
import { analyse } from '../apps/server/src/modules/insights/text-analysis';
import { signedInClient } from '../apps/server/test/fixtures/accounts-fixtures';
import type { TestApp } from '../apps/server/test/test-app';
import { percentiles, RUNS, timed, type Percentiles } from './lib/timing';
import { onBenchDatabases } from './lib/databases';

const ENTRIES = Number(process.env.ENTRIES ?? 2_000);
const MESSAGES = Number(process.env.MESSAGES ?? 20_000);
const CONVERSATIONS = 30;
const DAY_MS = 86_400_000;
const MOODS: Mood[] = ['happy', 'excited', 'neutral', 'sad', 'angry'];

const sentences = readFileSync(new URL('./insights-valence.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('label\t'))
  .map((line) => line.split('\t')[1] ?? '');
const textOf = (i: number, count: number) =>
  Array.from({ length: count }, (_, j) => sentences[(i * 7 + j * 13) % sentences.length]).join(' ');

async function seed(database: Database, userId: string) {
  const { db } = database;
  const now = Date.now();
  await db.execute(sql`
    insert into user_profile (user_id, timezone) values (${userId}, 'Europe/Berlin')
    on conflict (user_id) do update set timezone = 'Europe/Berlin'`);
  // Journal: ENTRIES entries over 365 days, 3–8 sentences, a mood on each.
  const journal = Array.from({ length: ENTRIES }, (_, i) => ({
    id: randomUUID(),
    text: textOf(i, 3 + (i % 6)),
    mood: MOODS[(i * 3 + Math.floor(i / 7)) % MOODS.length] as Mood,
    at: new Date(now - Math.floor((i * 365 * DAY_MS) / ENTRIES) - 3_600_000),
  }));
  for (let start = 0; start < journal.length; start += 500) {
    const batch = journal.slice(start, start + 500);
    await db.execute(sql`
      insert into journal_entries (id, user_id, title, content, input_type, mood, created_at, updated_at)
      select (e->>'id')::uuid, ${userId}, 'Entry', e->>'text', 'text', e->>'mood',
             (e->>'at')::timestamptz, (e->>'at')::timestamptz
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) as e`);
  }
  // Chat: CONVERSATIONS people, MESSAGES messages from the person spread over the year.
  const others = Array.from({ length: CONVERSATIONS }, () => randomUUID());
  const conversations: string[] = [];
  for (const [i, other] of others.entries()) {
    await db.execute(
      sql`insert into users (id, name, email) values (${other}, ${`Friend ${i}`}, ${`friend-${other}@example.com`})`,
    );
    await db.execute(
      sql`insert into profiles (user_id, full_name, email) values (${other}, ${`Friend ${i}`}, ${`friend-${other}@example.com`})`,
    );
    const id = randomUUID();
    conversations.push(id);
    await db.execute(sql`
      insert into conversations (id, participant_one_id, participant_two_id, last_seq)
      values (${id}, ${userId}, ${other}, ${Math.ceil(MESSAGES / CONVERSATIONS)})`);
  }
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    id: randomUUID(),
    conversation: conversations[i % CONVERSATIONS] ?? '',
    seq: Math.ceil(MESSAGES / CONVERSATIONS) - Math.floor(i / CONVERSATIONS),
    text: textOf(i + 11, 1 + (i % 2)),
    at: new Date(now - Math.floor((i * 365 * DAY_MS) / MESSAGES) - 60_000),
  }));
  for (let start = 0; start < messages.length; start += 1_000) {
    const batch = messages.slice(start, start + 1_000);
    await db.execute(sql`
      insert into user_inputs (id, seq, user_id, client_id, conversation_id, content, created_at)
      select (m->>'id')::uuid, (m->>'seq')::bigint, ${userId}, gen_random_uuid(),
             (m->>'conversation')::uuid, m->>'text', (m->>'at')::timestamptz
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) as m`);
  }
  // Analysis, as the pipeline stores it: journal first, the mood model, then chat with estimates.
  const rowOf = (
    kind: 'journal' | 'chat',
    item: { id: string; text: string; at: Date },
    mood: Mood | null,
    estimate: (terms: Record<string, number>) => ReturnType<typeof estimateMood>,
  ) => {
    const { result, terms } = analyse(item.text);
    return {
      userId,
      sourceKind: kind,
      sourceId: item.id,
      occurredAt: item.at,
      mood,
      estimatedMood: mood ? null : estimate(terms),
      valence: result.valence,
      dominantEmotion: result.dominantEmotion,
      result,
      terms,
      title: kind === 'journal' ? 'Entry' : 'Chat',
      snippet: item.text.slice(0, 160),
      href: null,
      tags: [],
      contentHash: createHash('sha256')
        .update(JSON.stringify([ANALYSIS_VERSION, item.text, mood, []]))
        .digest('hex'),
    };
  };
  const insert = async (rows: ReturnType<typeof rowOf>[]) => {
    for (let start = 0; start < rows.length; start += 500)
      await db.insert(analysisItems).values(rows.slice(start, start + 500));
  };
  await insert(journal.map((e) => rowOf('journal', e, e.mood, () => null)));
  return {
    journal,
    messages,
    analyseChat: async (model: Parameters<typeof estimateMood>[0]): Promise<void> =>
      insert(
        messages.map((m) =>
          rowOf('chat', m, null, (terms) =>
            estimateMood(model, terms, INSIGHT_MINIMUMS.modelEntries),
          ),
        ),
      ),
  };
}

async function measure(label: string, database: Database) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaleido-bench-dashboard-'));
  const built = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://kaleido.bench',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '1000000',
    }),
    database,
    webDist: null,
    logger: false,
    speechEngines: [],
    analysisWorker: false,
  });
  await built.app.ready();
  try {
    const { client, userId } = await signedInClient(built as unknown as TestApp, {
      ip: '127.0.0.1',
    });
    const seeding = performance.now();
    const { journal, messages, analyseChat } = await seed(database, userId);
    const learning = createPersonalModelLearning({
      items: createAnalysedItemsRepository(database.db),
      disputes: createDisputesRepository(database.db),
      models: createPersonalModelRepository(database.db),
      now: () => new Date(),
    });
    await analyseChat(await learning.retrain(userId));
    for (const table of ['journal_entries', 'user_inputs', 'conversations', 'analysis_items'])
      await database.db.execute(sql.raw(`analyze ${table}`));
    const counts = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from analysis_items where user_id = ${userId}`,
      ),
    )[0];
    const building = performance.now();
    await built.analysis.rebuildRollups(userId);
    const buildMs = performance.now() - building;
    const days = rowsOf<{ n: number; mb: number }>(
      await database.db.execute(
        sql`select count(*)::int as n, (sum(pg_column_size(figures)) / 1e6)::float as mb from analysis_days where user_id = ${userId}`,
      ),
    )[0];
    console.log(
      `\n${label}: ${ENTRIES.toLocaleString('en')} entries, ${MESSAGES.toLocaleString('en')} messages, ${counts?.n.toLocaleString('en')} analysed items, written in ${((performance.now() - seeding) / 1000).toFixed(1)} s; daily rollups: ${days?.n} days, ${days?.mb.toFixed(2)} MB, built from every item in ${buildMs.toFixed(0)} ms`,
    );

    const ok = async (url: string) => {
      const response = await client.get(url);
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.body}`);
      return response;
    };
    const someId = journal[Math.floor(journal.length / 3)]?.id ?? '';
    const summary = (await ok('/api/dashboard')).json<{
      cards: { journalEntries: { thisMonth: number }; recentChats: { count: number } };
    }>();
    const insights = (await ok('/api/insights')).json<{ cards: { status: string }[] }>();
    console.log(
      `  dashboard: ${summary.cards.journalEntries.thisMonth} entries this month, ${summary.cards.recentChats.count} recent chats; ${insights.cards.filter((c) => c.status === 'ok').length} of ${insights.cards.length} insight cards with a claim`,
    );

    const sqlBaseline = await timed(() =>
      database.db.execute(sql`select id, title, content from journal_entries where id = ${someId}`),
    );
    const httpBaseline = await timed(() => ok(`/api/journal/entries/${someId}`));
    // After a change: insights.updated for the person has reached this instance (the cards
    // computed before are dropped, or replaced by those the job prepared) before the request.
    let arrived: (() => void) | null = null;
    built.bus.subscribe((event) => {
      if (event.name === 'insights.updated' && event.room === `user:${userId}`) arrived?.();
    });
    // The change: one of the person's chat messages edited, then analysed by the job's code
    // (the item and its day's rollup written in one transaction, insights.updated published).
    const jobSamples: number[] = [];
    let edits = 0;
    const afterNewItem = async () => {
      const message = messages[(edits * 7919) % messages.length];
      if (!message) throw new Error('no message to edit');
      edits += 1;
      await database.db.execute(
        sql`update user_inputs set content = ${textOf(edits * 31 + 5, 1 + (edits % 2))} where id = ${message.id}`,
      );
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const started = performance.now();
      await built.analysis.analyseItem({ userId, kind: 'chat', id: message.id });
      jobSamples.push(performance.now() - started);
      await reached;
    };
    // Another kind of change — one announced without cards prepared for it (a dispute, a
    // setting, a change on another instance): the cards are computed on the read itself.
    const dropped = async () => {
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      await built.bus.publish({
        room: `user:${userId}`,
        name: 'insights.updated',
        data: { reason: 'settings' },
      });
      await reached;
    };
    const afterChange = async (change: () => Promise<void>, run: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < Math.min(RUNS, 30); i++) {
        await change();
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      return percentiles(samples);
    };
    const cold = (run: () => Promise<unknown>) => afterChange(afterNewItem, run);
    const computed = (run: () => Promise<unknown>) =>
      afterChange(async () => {
        await run(); // read once, so the cards are someone's to keep
        await dropped();
      }, run);
    const rows: [string, Percentiles][] = [
      ['one entry by primary key, SQL (plain indexed lookup)', sqlBaseline],
      ['GET /api/journal/entries/:id (baseline)', httpBaseline],
      ['GET /api/dashboard', await timed(() => ok('/api/dashboard'))],
      [
        'GET /api/insights after a new item (cards prepared by its analysis job)',
        await cold(() => ok('/api/insights')),
      ],
      [
        'GET /api/insights, cards computed on the read (a change without prepared cards)',
        await computed(() => ok('/api/insights')),
      ],
      ['GET /api/insights, cards kept (no change since)', await timed(() => ok('/api/insights'))],
      [
        'dashboard page, both at once, after a new item',
        await cold(() => Promise.all([ok('/api/dashboard'), ok('/api/insights')])),
      ],
      [
        'dashboard page, both at once, cards computed on the read',
        await computed(() => Promise.all([ok('/api/dashboard'), ok('/api/insights')])),
      ],
      [
        'dashboard page, both at once, no change since',
        await timed(() => Promise.all([ok('/api/dashboard'), ok('/api/insights')])),
      ],
    ];
    rows.push([
      'the analysis job for one edited message (writes its day, prepares the cards; not a read)',
      percentiles(jobSamples),
    ]);
    console.table(
      rows.map(([what, { p50, p95 }]) => ({
        what,
        'p50 ms': p50.toFixed(2),
        'p95 ms': p95.toFixed(2),
        'p95 / HTTP baseline': (p95 / httpBaseline.p95).toFixed(1),
      })),
    );
  } finally {
    await built.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`dashboard bench — load average ${loadavg()[0]?.toFixed(1)}`);
await onBenchDatabases('dashboard', measure, { embedded: process.env.BENCH_EMBEDDED === '1' });
