import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { EVENT_BUS_APPLICATION_NAME } from '../../realtime/postgres-event-bus';

export type HealthRepository = ReturnType<typeof createHealthRepository>;

/** The console's counts across the instance's tables; no row of anyone's content is read. */
export function createHealthRepository(database: Database) {
  const { db } = database;
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

  return {
    async overviewCounts(now: string) {
      const [
        totalUsers,
        administrators,
        activeClients,
        activeSessions,
        jobsWaiting,
        pendingAccessRequests,
      ] = await Promise.all([
        count(sql`select count(*) as n from users`),
        count(sql`select count(distinct user_id) as n from user_roles where role = 'admin'`),
        count(sql`
            select count(distinct r.user_id) as n from user_roles r
              left join account_flags f on f.user_id = r.user_id
             where r.role = 'client' and f.disabled_at is null`),
        count(sql`select count(*) as n from sessions where expires_at > ${now}`),
        count(sql`select count(*) as n from jobs where status = 'queued'`),
        count(sql`select count(*) as n from care_relationships where status = 'pending'`),
      ]);
      return {
        totalUsers,
        administrators,
        activeClients,
        activeSessions,
        jobsWaiting,
        pendingAccessRequests,
      };
    },

    /** Bytes on disk, or null where the database does not say (an older embedded build). */
    databaseSize: () =>
      count(sql`select pg_database_size(current_database()) as n`).catch(() => null),

    migrationsApplied: () =>
      count(sql`select count(*) as n from drizzle.__drizzle_migrations`).catch(() => null),

    queuedAnalysisJobs: () =>
      count(sql`select count(*) as n from jobs where kind like 'analysis%' and status = 'queued'`),

    /**
     * Server instances running on this database. The embedded database belongs to one process: 1.
     * On PostgreSQL every instance holds one event-bus LISTEN connection under a known
     * application_name for as long as it runs (a crashed instance's connection goes with it), so
     * those connections to this database are the instances; no heartbeat table to go stale.
     */
    async runningInstances(): Promise<number> {
      if (database.kind === 'embedded') return 1;
      return count(sql`
        select count(*) as n from pg_stat_activity
         where datname = current_database() and application_name = ${EVENT_BUS_APPLICATION_NAME}`);
    },
  };
}
