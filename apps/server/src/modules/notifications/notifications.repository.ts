import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createBatcher } from '../../db/batcher';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export type NotificationRow = typeof notifications.$inferSelect;

interface NewNotification {
  userId: string;
  type: NotificationRow['type'];
  title: string;
  message: string;
  link: string | null;
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

export function createNotificationsRepository(db: Db) {
  // Notifications made in the same millisecond keep the order they were made in: each is stored
  // at least a microsecond after the one before (PostgreSQL keeps microseconds, Date does not),
  // so "newest first" and the trim to the newest 50 never depend on a tie.
  let lastMicros = 0n;
  function orderedTimestamp(at: Date): string {
    let micros = BigInt(at.getTime()) * 1000n;
    if (micros <= lastMicros) micros = lastMicros + 1n;
    lastMicros = micros;
    const iso = new Date(Number(micros / 1000n)).toISOString();
    return `${iso.slice(0, -1)}${String(micros % 1000n).padStart(3, '0')}Z`;
  }

  // A busy chat notifies on every message: notifications created together share a statement.
  const insertOne = createBatcher<NewNotification & { createdAt: Date }, NotificationRow>({
    run: async (rows) => {
      const stored = rows.map((row) => ({ ...row, id: randomUUID(), readAt: null }));
      // One JSON parameter rather than seven per row: cheap to build for a batch of hundreds.
      const input = JSON.stringify(
        stored.map((row) => ({
          id: row.id,
          user_id: row.userId,
          type: row.type,
          title: row.title,
          message: row.message,
          link: row.link,
          created_at: orderedTimestamp(row.createdAt),
        })),
      );
      await db.execute(sql`
        insert into notifications (id, user_id, type, title, message, link, created_at)
        select id, user_id, type::notification_type, title, message, link, created_at
        from jsonb_to_recordset(${input}::jsonb) as t(id uuid, user_id uuid, type text,
          title text, message text, link text, created_at timestamptz)`);
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

    /** Unread among the newest `limit` (the ones the list shows). */
    async countUnread(userId: string, limit: number): Promise<number> {
      const newest = db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(limit)
        .as('newest');
      const rows = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(newest)
        .where(isNull(newest.readAt));
      return rows[0]?.count ?? 0;
    },

    /** Keeps only the newest `keep` of each user's notifications, for many users at once. */
    async trim(userIds: string[], keep: number) {
      if (userIds.length === 0) return;
      await db.execute(sql`
        delete from notifications where id in (
          select id from (
            select id, row_number() over (partition by user_id order by created_at desc, id desc)
              as position
            from notifications where user_id in ${userIds}
          ) ranked where position > ${keep})`);
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

    /** Marks read the unread ones of a type that point at one of `links`; answers their ids. */
    async markReadLinked(
      userId: string,
      type: (typeof notifications.$inferSelect)['type'],
      links: string[],
      at: Date,
    ): Promise<string[]> {
      if (links.length === 0) return [];
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            eq(notifications.type, type),
            inArray(notifications.link, links),
          ),
        )
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    async deleteAll(userId: string) {
      await db.delete(notifications).where(eq(notifications.userId, userId));
    },
  };
}
