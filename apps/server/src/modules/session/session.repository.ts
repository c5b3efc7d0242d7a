import { and, desc, eq, gt, inArray, lt, max, ne } from 'drizzle-orm';
import { createBatchLoader } from '../../db/batcher';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Db) {
  // Every API request resolves its session: requests that arrive together share one query.
  const sessionsByToken = createBatchLoader(async (tokens: string[]) => {
    const rows = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.token, tokens));
    return new Map(rows.map((row) => [row.session.token, row]));
  });

  // Asked for each notification (should it be emailed?): asked together, answered by one query.
  const lastActivityByUser = createBatchLoader(async (userIds: string[]) => {
    const rows = await db
      .select({ userId: sessions.userId, at: max(sessions.lastActiveAt) })
      .from(sessions)
      .where(inArray(sessions.userId, userIds))
      .groupBy(sessions.userId);
    return new Map(rows.flatMap((row) => (row.at ? [[row.userId, row.at] as const] : [])));
  });

  return {
    /** The session row and its user, for a raw session token. */
    async findByToken(token: string) {
      return (await sessionsByToken(token)) ?? null;
    },

    async touch(id: string, at: Date) {
      await db.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, id));
    },

    async rotateCsrf(id: string, csrfToken: string, at: Date) {
      await db
        .update(sessions)
        .set({ csrfToken, lastActiveAt: at, updatedAt: at })
        .where(eq(sessions.id, id));
    },

    async deleteById(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteForUser(userId: string, exceptId?: string) {
      const condition = exceptId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
    },

    async deleteOneForUser(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async listActiveForUser(userId: string, now: Date) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastActiveAt: sessions.lastActiveAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastActiveAt));
    },

    /** The most recent activity of any of the user's sessions, or null when none is open. */
    async lastActivityOf(userId: string): Promise<Date | null> {
      return (await lastActivityByUser(userId)) ?? null;
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
