import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** Folders Recent Activity reads, each its own index range (user, folder, at). */
const RECENT_FOLDERS = ['inbox', 'archive', 'sent'] as const;

/** Mail for the dashboard: the inbox and its unread, the days the person sent, the newest. */
export function createEmailDashboardRepository(db: Db) {
  return {
    async inbox(userId: string) {
      const result = await db.execute(sql`
        select count(*)::int as count, (count(*) filter (where not read))::int as unread
        from mail_states where user_id = ${userId} and folder = 'inbox'`);
      const row = rowsOf<{ count: number; unread: number }>(result)[0];
      return { count: row?.count ?? 0, unread: row?.unread ?? 0 };
    },

    async activeDays(userId: string, from: Date, to: Date, timezone: string) {
      const result = await db.execute(sql`
        select distinct to_char(sent_at at time zone ${timezone}, 'YYYY-MM-DD') as date
        from mail_messages
        where sender_id = ${userId} and sent_at >= ${from.toISOString()}
          and sent_at < ${to.toISOString()}`);
      return rowsOf<{ date: string }>(result).map((r) => r.date);
    },

    /** The newest mail received (inbox, archive) or sent, with who sent it. */
    async newest(userId: string, limit: number) {
      const ranges = RECENT_FOLDERS.map(
        (folder) => sql`(select message_id, folder, at from mail_states
          where user_id = ${userId} and folder = ${folder}
          order by at desc, message_id desc limit ${limit})`,
      );
      const result = await db.execute(sql`
        select m.id, m.subject, s.folder, s.at, p.full_name as sender
        from (${sql.join(ranges, sql` union all `)}) s
        join mail_messages m on m.id = s.message_id
        left join profiles p on p.user_id = m.sender_id
        order by s.at desc, m.id desc
        limit ${limit}`);
      return rowsOf<{
        id: string;
        subject: string;
        folder: 'inbox' | 'archive' | 'sent';
        at: Date | string;
        sender: string | null;
      }>(result).map((r) => ({ ...r, at: new Date(r.at) }));
    },
  };
}
