import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { MailFolder } from '@kaleido/shared/email/email.schemas';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { profiles } from '../../db/schema/accounts';
import { mailMessages, mailRecipients, mailStates } from '../../db/schema/mailbox';
import { messageColumns, type ListedRow, type FolderCursor } from './email-rows';

/**
 * A prefix query over the words typed ('lett 42' → 'lett':* & '42':*), so a word half typed
 * still finds; empty when nothing searchable is left. Only letters and digits reach to_tsquery.
 */
export function prefixQuery(q: string): string {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => `${w}:*`).join(' & ');
}

/** One person's copies: finding, listing and searching them, threads, folder counts. */
export function createMailFoldersRepository(db: Db) {
  /**
   * The messages a search finds, as one union of index lookups: subject and body through the
   * GIN index on `search`, people (name or address, any part) through the sender and recipient
   * indexes, and this person's drafts by the addresses as typed. The caller keeps its copies.
   */
  function matching(userId: string, q: string): SQL {
    const pattern = likeContaining(q);
    const people = sql`select p.user_id from ${profiles} p where p.full_name ilike ${pattern} or p.email ilike ${pattern}`;
    const words = prefixQuery(q);
    const arms: SQL[] = [
      sql`select m.id from ${mailMessages} m where m.sender_id in (${people})`,
      sql`select r.message_id from ${mailRecipients} r where r.user_id in (${people})`,
      sql`select s.message_id from ${mailStates} s join ${mailMessages} m on m.id = s.message_id where s.user_id = ${userId} and s.folder = 'drafts' and m.draft_to::text ilike ${pattern}`,
    ];
    if (words)
      arms.unshift(
        sql`select m.id from ${mailMessages} m where m.search @@ to_tsquery('english', ${words})`,
      );
    return sql.join(arms, sql` union `);
  }

  return {
    async findMessage(id: string) {
      const rows = await db
        .select(messageColumns)
        .from(mailMessages)
        .where(eq(mailMessages.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findState(userId: string, messageId: string) {
      const rows = await db
        .select()
        .from(mailStates)
        .where(and(eq(mailStates.userId, userId), eq(mailStates.messageId, messageId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A page of one person's folder (or a search across folders), newest first. */
    async list(
      userId: string,
      filter: { folder?: MailFolder; q?: string; starred?: boolean; after?: FolderCursor },
      limit: number,
    ): Promise<ListedRow[]> {
      const where: SQL[] = [eq(mailStates.userId, userId)];
      if (filter.folder) where.push(eq(mailStates.folder, filter.folder));
      else where.push(ne(mailStates.folder, 'trash'));
      if (filter.starred !== undefined) where.push(eq(mailStates.starred, filter.starred));
      if (filter.after)
        where.push(
          sql`(${mailStates.at}, ${mailStates.messageId}) < (${filter.after.at.toISOString()}::timestamptz, ${filter.after.id}::uuid)`,
        );
      if (filter.q) where.push(sql`${mailStates.messageId} in (${matching(userId, filter.q)})`);
      const rows = await db
        .select({ message: messageColumns, state: mailStates })
        .from(mailStates)
        .innerJoin(mailMessages, eq(mailMessages.id, mailStates.messageId))
        .where(and(...where))
        .orderBy(desc(mailStates.at), desc(mailStates.messageId))
        .limit(limit);
      return rows;
    },

    /** The messages of a thread this person holds a copy of (drafts aside), oldest first. */
    async thread(userId: string, threadId: string): Promise<ListedRow[]> {
      return db
        .select({ message: messageColumns, state: mailStates })
        .from(mailStates)
        .innerJoin(mailMessages, eq(mailMessages.id, mailStates.messageId))
        .where(
          and(
            eq(mailStates.userId, userId),
            eq(mailMessages.threadId, threadId),
            ne(mailStates.folder, 'drafts'),
          ),
        )
        .orderBy(asc(mailMessages.sentAt), asc(mailMessages.id));
    },

    async recipientsOf(messageIds: string[]) {
      if (messageIds.length === 0) return [];
      return db
        .select()
        .from(mailRecipients)
        .where(inArray(mailRecipients.messageId, messageIds))
        .orderBy(asc(mailRecipients.messageId), asc(mailRecipients.position));
    },

    async counts(userId: string) {
      return db
        .select({
          folder: mailStates.folder,
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where not ${mailStates.read}))::int`,
        })
        .from(mailStates)
        .where(eq(mailStates.userId, userId))
        .groupBy(mailStates.folder);
    },
  };
}
