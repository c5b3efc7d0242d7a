import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

const mine = (userId: string) =>
  sql`(c.participant_one_id = ${userId} or c.participant_two_id = ${userId})`;

/** Chat for the dashboard: conversations active in a window, the days sent, newest messages. */
export function createChatDashboardRepository(db: Db) {
  return {
    /** How many of the person's conversations had a message in each [from, to) window. */
    async activeConversations(
      userId: string,
      current: { from: Date; to: Date },
      previous: { from: Date; to: Date },
    ) {
      const within = (w: { from: Date; to: Date }) =>
        sql`m.created_at >= ${w.from.toISOString()} and m.created_at < ${w.to.toISOString()}`;
      const earliest = current.from < previous.from ? current.from : previous.from;
      const result = await db.execute(sql`
        select count(distinct m.conversation_id) filter (where ${within(current)})::int as current,
               count(distinct m.conversation_id) filter (where ${within(previous)})::int as previous
        from conversations c
        join user_inputs m on m.conversation_id = c.id
        where ${mine(userId)} and m.created_at >= ${earliest.toISOString()}`);
      const row = rowsOf<{ current: number; previous: number }>(result)[0];
      return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
    },

    async activeDays(userId: string, from: Date, to: Date, timezone: string) {
      const result = await db.execute(sql`
        select distinct to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as date
        from user_inputs
        where user_id = ${userId} and created_at >= ${from.toISOString()}
          and created_at < ${to.toISOString()}`);
      return rowsOf<{ date: string }>(result).map((r) => r.date);
    },

    /** The newest messages of the person's conversations, with the other person's name. */
    async newest(userId: string, limit: number) {
      const result = await db.execute(sql`
        select m.id, m.conversation_id, m.created_at as at, m.user_id as sender_id,
               coalesce(p.full_name, 'Unknown User') as other_name
        from conversations c
        cross join lateral (
          select id, conversation_id, created_at, user_id from user_inputs
          where conversation_id = c.id order by seq desc limit ${limit}
        ) m
        left join profiles p on p.user_id = case when c.participant_one_id = ${userId}
          then c.participant_two_id else c.participant_one_id end
        where ${mine(userId)}
        order by m.created_at desc
        limit ${limit}`);
      return rowsOf<{
        id: string;
        conversation_id: string;
        at: Date | string;
        sender_id: string | null;
        other_name: string;
      }>(result).map((r) => ({ ...r, at: new Date(r.at) }));
    },
  };
}
