import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** Voice notes for the dashboard: counts, the days the person recorded, the newest notes. */
export function createVoiceNotesDashboardRepository(db: Db) {
  return {
    /** Notes recorded plus notes received; received ones never played. */
    async counts(userId: string) {
      const result = await db.execute(sql`
        select (select count(*) from voice_notes where owner_id = ${userId})::int as recorded,
               (select count(*) from voice_note_deliveries where recipient_id = ${userId})::int
                 as received,
               (select count(*) from voice_note_deliveries
                 where recipient_id = ${userId} and listened_at is null)::int as unheard`);
      const row = rowsOf<{ recorded: number; received: number; unheard: number }>(result)[0];
      return {
        count: (row?.recorded ?? 0) + (row?.received ?? 0),
        unheard: row?.unheard ?? 0,
      };
    },

    async activeDays(userId: string, from: Date, to: Date, timezone: string) {
      const result = await db.execute(sql`
        select distinct to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as date
        from (
          select created_at from voice_notes where owner_id = ${userId}
          union all
          select created_at from voice_note_deliveries where sender_id = ${userId}
        ) acts
        where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`);
      return rowsOf<{ date: string }>(result).map((r) => r.date);
    },

    /** The newest notes recorded or received, with who sent a received one. */
    async newest(userId: string, limit: number) {
      const result = await db.execute(sql`
        (select n.id, n.title, n.created_at as at, null as sender
           from voice_notes n
          where n.owner_id = ${userId}
          order by n.created_at desc limit ${limit})
        union all
        (select n.id, n.title, d.created_at as at, coalesce(p.full_name, 'Unknown User') as sender
           from voice_note_deliveries d
           join voice_notes n on n.id = d.note_id
           left join profiles p on p.user_id = n.owner_id
          where d.recipient_id = ${userId}
          order by d.created_at desc limit ${limit})`);
      return rowsOf<{ id: string; title: string; at: Date | string; sender: string | null }>(
        result,
      ).map((r) => ({ ...r, at: new Date(r.at) }));
    },
  };
}
