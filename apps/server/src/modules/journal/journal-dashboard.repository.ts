import { and, count, desc, eq, gte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { MOOD_SCORES } from '@kaleido/shared/dashboard/dashboard.constants';
import { rowsOf, type Db } from '../../db/client';
import { journalEntries } from '../../db/schema/journal';

/** The journal's figures for the dashboard: entries this month, active days, newest, moods. */
export function createJournalDashboardRepository(db: Db) {
  const score = sql.raw(
    `case mood ${Object.entries(MOOD_SCORES)
      .map(([mood, value]) => `when '${mood}' then ${value}`)
      .join(' ')} else 0 end`,
  );
  return {
    async countSince(userId: string, from: Date) {
      const rows = await db
        .select({ n: count() })
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, from)));
      return rows[0]?.n ?? 0;
    },

    async activeDays(userId: string, from: Date, to: Date, timezone: string) {
      const result = await db.execute(sql`
        select distinct to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as date
        from journal_entries
        where user_id = ${userId} and created_at >= ${from.toISOString()}
          and created_at < ${to.toISOString()}`);
      return rowsOf<{ date: string }>(result).map((r) => r.date);
    },

    newest(userId: string, limit: number) {
      return db
        .select({
          id: journalEntries.id,
          title: journalEntries.title,
          inputType: journalEntries.inputType,
          createdAt: journalEntries.createdAt,
        })
        .from(journalEntries)
        .where(eq(journalEntries.userId, userId))
        .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
        .limit(limit);
    },

    async moods(userId: string, from: Date, timezone: string) {
      const result = await db.execute(sql`
        select to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as date,
               count(*)::int as entries,
               avg(${score})::float8 as average
        from journal_entries
        where user_id = ${userId} and created_at >= ${from.toISOString()}
        group by 1
        order by 1`);
      return rowsOf<{ date: string; entries: number; average: number }>(result).map((r) => ({
        date: r.date,
        entries: r.entries,
        average: Math.round(r.average * 100) / 100,
      }));
    },
  };
}
