import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createBatcher } from '../../db/batcher';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { NOTIFICATIONS_KEPT } from '@kaleido/shared/notifications/notifications.schemas';

export type NotificationRow = typeof notifications.$inferSelect;

interface NewNotification {
  userId: string;
  type: NotificationRow['type'];
  title: string;
  message: string;
  link: string | null;
}

/** `keep`: how many of a user's notifications are kept (SPEC: at most 50, newest first). */
export function createNotificationsRepository(db: Db, keep = NOTIFICATIONS_KEPT) {
  // A busy chat notifies on every message: notifications created together share a statement,
  // which inserts them and trims each user's list to the newest `keep`.
  const insertOne = createBatcher<NewNotification & { createdAt: Date }, NotificationRow>({
    run: async (rows) => {
      const stored = rows.map((row) => ({ ...row, id: randomUUID(), readAt: null }));
      // One JSON parameter rather than seven per row: cheap to build for a batch of hundreds.
      const input = JSON.stringify(
        stored.map((row, n) => ({
          n,
          id: row.id,
          user_id: row.userId,
          type: row.type,
          title: row.title,
          message: row.message,
          link: row.link,
          created_at: row.createdAt.toISOString(),
        })),
      );
      // The statement's snapshot does not see the rows it inserts, so of the older rows each
      // user keeps `keep` less the number arriving for them; of a burst larger than `keep` for
      // one user only the newest are stored (the rest are still pushed live).
      await db.execute(sql`
        with input as (
          select *, row_number() over (partition by user_id order by created_at desc, n desc)
            as position
          from jsonb_to_recordset(${input}::jsonb) as t(n int, id uuid, user_id uuid,
            type text, title text, message text, link text, created_at timestamptz)
        ), inserted as (
          insert into notifications (id, user_id, type, title, message, link, created_at)
          select id, user_id, type::notification_type, title, message, link, created_at
          from input where position <= ${keep}
        ), arriving as (
          select user_id, least(count(*), ${keep})::int as n from input group by user_id
        ), older as (
          select ranked.id from (
            select x.id, x.user_id, row_number() over (partition by x.user_id
              order by x.created_at desc, x.id desc) as position
            from notifications x where x.user_id in (select user_id from arriving)
          ) ranked
          join arriving a on a.user_id = ranked.user_id
          where ranked.position > ${keep} - a.n
        )
        delete from notifications where id in (select id from older)`);
      return stored;
    },
  });

  return {
    async insert(row: NewNotification, at: Date) {
      return insertOne({ ...row, createdAt: at });
    },

    async listNewest(userId: string, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(limit);
    },

    async countUnread(userId: string): Promise<number> {
      const rows = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return rows[0]?.count ?? 0;
    },

    /** Marks the given ones (or all) read; answers the ids that changed. */
    async markRead(userId: string, ids: string[] | undefined, at: Date): Promise<string[]> {
      const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(ids ? and(mine, inArray(notifications.id, ids)) : mine)
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    async deleteAll(userId: string) {
      await db.delete(notifications).where(eq(notifications.userId, userId));
    },
  };
}
