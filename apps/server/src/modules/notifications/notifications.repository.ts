import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export type NotificationRow = typeof notifications.$inferSelect;

export function createNotificationsRepository(db: Db) {
  return {
    async insert(
      row: {
        userId: string;
        type: NotificationRow['type'];
        title: string;
        message: string;
        link: string | null;
      },
      at: Date,
    ) {
      const rows = await db
        .insert(notifications)
        .values({ ...row, createdAt: at })
        .returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('notification insert returned no row');
      return inserted;
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

    /** Keeps only the newest `keep` of a user's notifications. */
    async trim(userId: string, keep: number) {
      const newest = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(keep);
      await db
        .delete(notifications)
        .where(and(eq(notifications.userId, userId), notInArray(notifications.id, newest)));
    },
  };
}
