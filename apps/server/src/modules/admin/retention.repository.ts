import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { files } from '../../db/schema/files';
import type { FileRow } from '../files/files.repository';

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;

/** What retention removes: content, never accounts, settings, security events or the audit log. */
export const RETENTION_TARGETS = [
  'journal_entries',
  'voice_notes',
  'chat_messages',
  'notifications',
  'mail_copies',
  'mail_messages',
] as const;
export type RetentionTarget = (typeof RETENTION_TARGETS)[number];
export type RetentionCounts = Record<RetentionTarget | 'files', number>;

/** The advisory lock key that serialises retention runs. */
const RETENTION_LOCK = 715_001;

/**
 * Mail is held per person: a copy (`mail_states`) goes when its `at` (sent time, or a draft's last
 * save) is older than the cutoff; a message goes when every copy of it does, with its attachment
 * rows; a file goes when it was attached only to messages that go.
 */
const doomedMail = (at: string) => sql`
  select m.id from mail_messages m
  where exists (select 1 from mail_states s where s.message_id = m.id and s.at < ${at})
    and not exists (select 1 from mail_states s where s.message_id = m.id and s.at >= ${at})`;
const doomedMailFiles = (at: string) => sql`
  select distinct a.file_id as f from mail_attachments a
  where a.message_id in (${doomedMail(at)})
    and not exists (
      select 1 from mail_attachments other
      where other.file_id = a.file_id and other.message_id not in (${doomedMail(at)}))`;

export function createRetentionRepository(db: Db) {
  return {
    /** How many rows (and stored files) are older than `cutoff`, as `purge` would remove them. */
    async count(cutoff: Date): Promise<RetentionCounts> {
      const at = cutoff.toISOString();
      const result = await db.execute(sql`
        select
          (select count(*) from journal_entries where created_at < ${at}) as journal_entries,
          (select count(*) from voice_notes where created_at < ${at}) as voice_notes,
          (select count(*) from user_inputs where created_at < ${at}) as chat_messages,
          (select count(*) from notifications where created_at < ${at}) as notifications,
          (select count(*) from mail_states where at < ${at}) as mail_copies,
          (select count(*) from (${doomedMail(at)}) doomed_mail) as mail_messages,
          (select count(distinct f) from (
             select audio_file_id as f from journal_entries where created_at < ${at}
             union all select file_id from voice_notes where created_at < ${at}
             union all select media_file_id from user_inputs where created_at < ${at}
             union all ${doomedMailFiles(at)}
           ) doomed where f is not null) as files`);
      const row = rowsOf<Record<string, string | number>>(result)[0] ?? {};
      return {
        journal_entries: Number(row.journal_entries ?? 0),
        voice_notes: Number(row.voice_notes ?? 0),
        chat_messages: Number(row.chat_messages ?? 0),
        notifications: Number(row.notifications ?? 0),
        mail_copies: Number(row.mail_copies ?? 0),
        mail_messages: Number(row.mail_messages ?? 0),
        files: Number(row.files ?? 0),
      };
    },

    /**
     * Deletes every row older than `cutoff` in one transaction and returns the counts and the file
     * rows those held (the caller removes their bytes, then the rows).
     */
    async purge(cutoff: Date): Promise<{ counts: RetentionCounts; files: FileRow[] }> {
      const at = cutoff.toISOString();
      return db.transaction(async (tx) => {
        // One run at a time across instances (the daily job and a run from the console may
        // meet): the second waits, then finds nothing left to count or delete twice.
        await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK})`);
        const ids = rowsOf<{ f: string }>(
          await tx.execute(sql`
            select distinct f from (
              select audio_file_id as f from journal_entries where created_at < ${at}
              union all select file_id from voice_notes where created_at < ${at}
              union all select media_file_id from user_inputs where created_at < ${at}
              union all ${doomedMailFiles(at)}
            ) doomed where f is not null`),
        ).map((r) => r.f);
        const fileRows = ids.length
          ? await tx.select().from(files).where(inArray(files.id, ids))
          : [];
        const mailIds = rowsOf<{ id: string }>(await tx.execute(doomedMail(at))).map((r) => r.id);
        const deleted = async (statement: ReturnType<typeof sql>) =>
          rowsOf<unknown>(await tx.execute(statement)).length;
        const counts: RetentionCounts = {
          journal_entries: await deleted(
            sql`delete from journal_entries where created_at < ${at} returning id`,
          ),
          voice_notes: await deleted(
            sql`delete from voice_notes where created_at < ${at} returning id`,
          ),
          chat_messages: await deleted(
            sql`delete from user_inputs where created_at < ${at} returning id`,
          ),
          notifications: await deleted(
            sql`delete from notifications where created_at < ${at} returning id`,
          ),
          mail_copies: await deleted(
            sql`delete from mail_states where at < ${at} returning message_id`,
          ),
          // Messages whose every copy went just now (attachment rows cascade).
          mail_messages: mailIds.length
            ? await deleted(
                sql`delete from mail_messages m where m.id in (${sql.join(
                  mailIds.map((id) => sql`${id}`),
                  sql`, `,
                )}) and not exists (select 1 from mail_states s where s.message_id = m.id)
                returning m.id`,
              )
            : 0,
          files: fileRows.length,
        };
        return { counts, files: fileRows };
      });
    },
  };
}
