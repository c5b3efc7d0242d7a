import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Db) {
  return {
    /** The session row and its user, for a raw session token. */
    async findByToken(token: string) {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.token, token))
        .limit(1);
      return rows[0] ?? null;
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
      const rows = await db
        .select({ at: sessions.lastActiveAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastActiveAt))
        .limit(1);
      return rows[0]?.at ?? null;
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
