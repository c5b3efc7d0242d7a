import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { AdminUserRow, Cohort, UserListQuery } from '@kaleido/shared/admin/admin.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
import { rowsOf, type Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { accountFlags } from '../../db/schema/admin';
import { sessions, users } from '../../db/schema/auth';

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;

interface Row {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  email_verified: boolean;
  disabled_at: Date | string | null;
  cohort: Cohort | null;
  created_at: Date | string;
  total: number | string;
}

const toRow = (r: Row): AdminUserRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role ?? 'user',
  emailVerified: r.email_verified,
  disabled: r.disabled_at !== null,
  cohort: r.cohort,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Accounts as the console sees them: facts, roles, flags; never content. */
export function createAdminUsersRepository(db: Db) {
  // The spec's role: the first by name; none is user.
  const roleOf = sql`(select min(ur.role::text) from user_roles ur where ur.user_id = u.id)`;

  async function select(where: SQL, limit: number, offset: number) {
    const result = await db.execute(sql`
      select * from (
        select u.id, u.email, u.name, coalesce(${roleOf}, 'user') as role, u.email_verified,
               f.disabled_at, f.cohort, u.created_at
          from users u left join account_flags f on f.user_id = u.id
      ) x
      ${where}
      order by x.created_at desc, x.id
      limit ${limit} offset ${offset}`);
    return rowsOf<Row>(result);
  }

  return {
    async list(query: UserListQuery): Promise<{ users: AdminUserRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.q) {
        const like = likeContaining(query.q);
        conditions.push(sql`(x.email ilike ${like} or x.name ilike ${like})`);
      }
      if (query.role) conditions.push(sql`x.role = ${query.role}`);
      if (query.verified) conditions.push(sql`x.email_verified = ${query.verified === 'true'}`);
      if (query.disabled === 'true') conditions.push(sql`x.disabled_at is not null`);
      if (query.disabled === 'false') conditions.push(sql`x.disabled_at is null`);
      if (query.cohort && query.cohort !== 'all') conditions.push(sql`x.cohort = ${query.cohort}`);
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const rows = await select(where, query.pageSize, (query.page - 1) * query.pageSize);
      const count = await db.execute(sql`
        select count(*) as total from (
          select u.id, u.email, u.name, coalesce(${roleOf}, 'user') as role, u.email_verified,
                 f.disabled_at, f.cohort
            from users u left join account_flags f on f.user_id = u.id
        ) x ${where}`);
      return {
        users: rows.map(toRow),
        total: Number(rowsOf<{ total: number | string }>(count)[0]?.total ?? 0),
      };
    },

    async find(userId: string): Promise<AdminUserRow | null> {
      const rows = await select(sql`where x.id = ${userId}`, 1, 0);
      return rows[0] ? toRow(rows[0]) : null;
    },

    async flagsOf(userId: string) {
      const rows = await db.select().from(accountFlags).where(eq(accountFlags.userId, userId));
      const row = rows[0];
      return { disabled: !!row?.disabledAt, cohort: row?.cohort ?? null };
    },

    async isDisabled(userId: string): Promise<boolean> {
      const rows = await db
        .select({ at: accountFlags.disabledAt })
        .from(accountFlags)
        .where(eq(accountFlags.userId, userId));
      return !!rows[0]?.at;
    },

    async setFlags(
      userId: string,
      flags: { disabledAt?: Date | null; cohort?: Cohort | null },
      at: Date,
    ) {
      await db
        .insert(accountFlags)
        .values({ userId, ...flags, updatedAt: at })
        .onConflictDoUpdate({ target: accountFlags.userId, set: { ...flags, updatedAt: at } });
    },

    async countAdmins(): Promise<number> {
      const result = await db.execute(
        sql`select count(distinct user_id) as n from user_roles where role = 'admin'`,
      );
      return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    },

    /** Ends every session of the account; returns how many. */
    async deleteSessions(userId: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async sessionsOf(userId: string, now: Date) {
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
        .orderBy(asc(sessions.createdAt));
    },

    async emailOf(userId: string): Promise<string | null> {
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return rows[0]?.email ?? null;
    },
  };
}
