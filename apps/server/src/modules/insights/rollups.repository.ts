import { and, asc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EvidenceItem } from '@kaleido/shared/insights/insights.schemas';
import { rowsOf, type Db } from '../../db/client';
import { analysisDays, analysisItems, analysisRollups } from '../../db/schema/analysis';
import { insightItemColumns, type InsightItemRow } from './analysis.repository';
import { TIME_BANDS } from './rules/bands';
import type { DayFigures, InsightDay } from './rules/days';
import type { EvidenceRequest, InstantRange, WordsRequest } from './rules/evidence';

/** Serialises the rollup writes of one person (two jobs on the same day, a rebuild). */
const LOCK_KEY = 7_330_001;

/** The SQL of daily rollups: the days, which timezone they are in, and the items behind them. */
export function createRollupsRepository(db: Db) {
  return {
    /** Held until the transaction ends. */
    async lock(userId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}, hashtext(${userId}))`);
    },

    async timezoneOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ timezone: analysisRollups.timezone })
        .from(analysisRollups)
        .where(eq(analysisRollups.userId, userId));
      return row?.timezone ?? null;
    },

    async setTimezone(userId: string, timezone: string, at: Date) {
      await db
        .insert(analysisRollups)
        .values({ userId, timezone, builtAt: at })
        .onConflictDoUpdate({ target: analysisRollups.userId, set: { timezone, builtAt: at } });
    },

    /**
     * The person's days from `fromDay` on, oldest first; before `mentionsFrom`, without their
     * themes (only the rolling windows of the last 74 days count themes).
     */
    async daysOf(
      userId: string,
      fromDay = '0000-00-00',
      mentionsFrom = '0000-00-00',
    ): Promise<InsightDay[]> {
      const rows = await db
        .select({
          day: analysisDays.day,
          figures: sql<
            Omit<DayFigures, 'mentions'> & Partial<Pick<DayFigures, 'mentions'>>
          >`case when ${analysisDays.day} >= ${mentionsFrom}
            then ${analysisDays.figures} else ${analysisDays.figures} - 'mentions' end`,
        })
        .from(analysisDays)
        .where(and(eq(analysisDays.userId, userId), gte(analysisDays.day, fromDay)))
        .orderBy(asc(analysisDays.day));
      return rows.map((r) => ({
        day: r.day,
        figures: { ...r.figures, mentions: r.figures.mentions ?? [] },
      }));
    },

    /** The items that happened in any of these spans, oldest first (terms left out). */
    async itemsIn(userId: string, spans: { from: Date; to: Date }[]): Promise<InsightItemRow[]> {
      if (spans.length === 0) return [];
      return db
        .select(insightItemColumns)
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, userId),
            or(
              ...spans.map((s) =>
                and(gte(analysisItems.occurredAt, s.from), lt(analysisItems.occurredAt, s.to)),
              ),
            ),
          ),
        )
        .orderBy(asc(analysisItems.occurredAt));
    },

    /** Writes these days' figures (a day with no items left is removed). */
    async saveDays(userId: string, days: InsightDay[], emptied: string[], at: Date) {
      for (const day of days) {
        const row = rowOf(userId, day, at);
        await db
          .insert(analysisDays)
          .values(row)
          .onConflictDoUpdate({
            target: [analysisDays.userId, analysisDays.day],
            set: { items: row.items, figures: row.figures, words: row.words, updatedAt: at },
          });
      }
      for (const day of emptied)
        await db
          .delete(analysisDays)
          .where(and(eq(analysisDays.userId, userId), eq(analysisDays.day, day)));
    },

    /** A person's days written anew (after deleteAll). */
    async insertDays(userId: string, days: InsightDay[], at: Date) {
      for (let start = 0; start < days.length; start += 100)
        await db
          .insert(analysisDays)
          .values(days.slice(start, start + 100).map((day) => rowOf(userId, day, at)));
    },

    /** Every day and the timezone they were in (a rebuild, or the person's derived data going). */
    async deleteAll(userId: string) {
      await db.delete(analysisDays).where(eq(analysisDays.userId, userId));
      await db.delete(analysisRollups).where(eq(analysisRollups.userId, userId));
    },

    /** The valence words a card names, as `request` describes them (from `fromDay` on). */
    async words(userId: string, request: WordsRequest, fromDay: string): Promise<string[]> {
      const words = analysisDays.words;
      const group = request.kind
        ? sql`${words} -> 'byKind' -> ${request.kind}`
        : request.band
          ? sql`${words} -> 'byBand' -> ${request.band}`
          : sql`${words} -> 'all'`;
      const where = [
        eq(analysisDays.userId, userId),
        gte(analysisDays.day, request.fromDay ?? fromDay),
      ];
      if (request.fromDay && request.fromDay < fromDay) where.push(gte(analysisDays.day, fromDay));
      if (request.toDay) where.push(lt(analysisDays.day, request.toDay));
      // Sums are exact (numeric of hundredths); ties go to the word seen first (day, place).
      const rows = rowsOf<{ word: string }>(
        await db.execute(sql`
          select x.w ->> 0 as word
          from ${analysisDays}
          cross join lateral jsonb_array_elements(coalesce(${group} -> ${request.direction}, '[]'::jsonb))
            with ordinality as x(w, place)
          where ${and(...where)}
          group by x.w ->> 0
          order by sum((x.w ->> 1)::numeric) desc,
                   min(${analysisDays.day} || lpad(x.place::text, 6, '0'))
          limit ${request.limit}`),
      );
      return rows.map((r) => r.word);
    },

    /** The items a card names as evidence, as `request` describes them. */
    async evidence(
      userId: string,
      request: EvidenceRequest,
      timezone: string,
      historyFrom: Date | null,
    ): Promise<EvidenceItem[]> {
      const where: (SQL | undefined)[] = [eq(analysisItems.userId, userId)];
      if (historyFrom) where.push(gte(analysisItems.occurredAt, historyFrom));
      if (request.ranges.length) where.push(or(...request.ranges.map(rangeSql)));
      if (request.kind) where.push(eq(analysisItems.sourceKind, request.kind));
      if (request.band) {
        const band = TIME_BANDS.find((b) => b.label === request.band);
        const hour = sql`extract(hour from ${analysisItems.occurredAt} at time zone ${timezone})`;
        if (band)
          where.push(
            band.from < band.to
              ? sql`(${hour} >= ${band.from} and ${hour} < ${band.to})`
              : sql`(${hour} >= ${band.from} or ${hour} < ${band.to})`,
          );
      }
      if (request.scored === 'worded')
        where.push(sql`(${analysisItems.result}->>'wordCount')::int > 0`);
      if (request.scored === 'mood')
        where.push(
          sql`${analysisItems.sourceKind} = 'journal' and ${analysisItems.mood} is not null`,
        );
      const score =
        request.scored === 'mood'
          ? sql`(case when ${analysisItems.mood} in ('happy', 'excited') then 1 when ${analysisItems.mood} in ('sad', 'angry') then -1 else 0 end)`
          : sql`${analysisItems.valence}`;
      if (request.sign) where.push(sql`${score} * ${request.sign} > 0`);
      const emotionCount = sql`coalesce((${analysisItems.result}->'emotions'->${request.emotion ?? 'joy'}->>'count')::int, 0)`;
      if (request.emotion) where.push(sql`${emotionCount} > 0`);
      if (request.emotional) where.push(sql`${analysisItems.dominantEmotion} is not null`);
      if (request.theme !== undefined)
        where.push(sql`(exists (
            select 1 from jsonb_array_elements(${analysisItems.result}->'themes') as t
            where t->>'kind' <> 'entity' and lower(t->>'text') = ${request.theme})
          or exists (
            select 1 from jsonb_array_elements_text(${analysisItems.tags}) as g
            where lower(g) = ${request.theme}))`);
      const at = analysisItems.occurredAt;
      const order: Record<EvidenceRequest['order'], SQL[]> = {
        newest: [sql`${at} desc`],
        oldest: [sql`${at} asc`],
        strongest: [sql`${score} * ${request.sign ?? 1} desc`, sql`${at} desc`],
        most_felt: [sql`abs(${analysisItems.valence}) desc`, sql`${at} asc`],
        emotion: [sql`${emotionCount} desc`, sql`${at} asc`],
      };
      const rows = await db
        .select({
          kind: analysisItems.sourceKind,
          id: analysisItems.sourceId,
          title: analysisItems.title,
          snippet: analysisItems.snippet,
          occurredAt: analysisItems.occurredAt,
          href: analysisItems.href,
        })
        .from(analysisItems)
        .where(and(...where))
        .orderBy(...order[request.order])
        .limit(request.limit);
      return rows.map(({ occurredAt, ...row }) => ({ ...row, date: occurredAt.toISOString() }));
    },

    /** Every day of a person (the account export). */
    async everythingOf(userId: string) {
      return db
        .select()
        .from(analysisDays)
        .where(eq(analysisDays.userId, userId))
        .orderBy(asc(analysisDays.day));
    },
  };
}

function rowOf(userId: string, { day, figures }: InsightDay, at: Date) {
  const { words, ...rest } = figures;
  return { userId, day, items: figures.items, figures: rest, words: { ...words }, updatedAt: at };
}

function rangeSql(range: InstantRange): SQL {
  const at = analysisItems.occurredAt;
  const stamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const parts: SQL[] = [sql`true`];
  if (range.gt) parts.push(sql`${at} > ${stamp(range.gt)}`);
  if (range.gte) parts.push(sql`${at} >= ${stamp(range.gte)}`);
  if (range.lt) parts.push(sql`${at} < ${stamp(range.lt)}`);
  if (range.lte) parts.push(sql`${at} <= ${stamp(range.lte)}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

export type RollupsRepository = ReturnType<typeof createRollupsRepository>;
