import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { MailFolder } from '@kaleido/shared/mailbox/mailbox.schemas';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { profiles } from '../../db/schema/accounts';
import { files } from '../../db/schema/files';
import { mailAttachments, mailMessages, mailRecipients, mailStates } from '../../db/schema/mailbox';

// The tsvector is the database's business: never read back into the app.
const { search: _search, ...messageColumns } = getTableColumns(mailMessages);
export type MailMessageRow = Omit<typeof mailMessages.$inferSelect, 'search'>;
export type MailStateRow = typeof mailStates.$inferSelect;
export type MailboxRepository = ReturnType<typeof createMailboxRepository>;

export interface ListedRow {
  message: MailMessageRow;
  state: MailStateRow;
}

export interface PersonRow {
  userId: string;
  fullName: string;
  email: string;
}

/** A position in a folder, newest first: after the row at `at` with id `id`. */
export interface FolderCursor {
  at: Date;
  id: string;
}

/**
 * A prefix query over the words typed ('lett 42' → 'lett':* & '42':*), so a word half typed
 * still finds; empty when nothing searchable is left. Only letters and digits reach to_tsquery.
 */
export function prefixQuery(q: string): string {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => `${w}:*`).join(' & ');
}

/** The only place with the mailbox's SQL. */
export function createMailboxRepository(db: Db) {
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

  /** Messages with no copy left anywhere (and not a draft) go, with their attachment rows. */
  async function dropOrphans(ids: string[]) {
    if (ids.length === 0) return;
    await db
      .delete(mailMessages)
      .where(
        and(
          inArray(mailMessages.id, ids),
          sql`not exists (select 1 from ${mailStates} where ${mailStates.messageId} = ${mailMessages.id})`,
        ),
      );
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

    /** Creates or updates the sender's draft; null when the id is someone else's or sent. */
    async saveDraft(input: {
      id: string;
      userId: string;
      threadId?: string;
      inReplyTo?: string | null;
      to: string[];
      cc: string[];
      subject: string;
      body: string;
      at: Date;
    }): Promise<MailMessageRow | null> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(mailMessages)
          .values({
            id: input.id,
            threadId: input.threadId ?? input.id,
            inReplyTo: input.inReplyTo ?? null,
            senderId: input.userId,
            subject: input.subject,
            body: input.body,
            draftTo: input.to,
            draftCc: input.cc,
            createdAt: input.at,
            updatedAt: input.at,
          })
          .onConflictDoNothing()
          .returning(messageColumns);
        if (inserted) {
          await tx.insert(mailStates).values({
            userId: input.userId,
            messageId: input.id,
            folder: 'drafts',
            read: true,
            at: input.at,
          });
          return inserted;
        }
        const [updated] = await tx
          .update(mailMessages)
          .set({
            subject: input.subject,
            body: input.body,
            draftTo: input.to,
            draftCc: input.cc,
            updatedAt: input.at,
          })
          .where(
            and(
              eq(mailMessages.id, input.id),
              eq(mailMessages.senderId, input.userId),
              isNull(mailMessages.sentAt),
            ),
          )
          .returning(messageColumns);
        if (!updated) return null;
        await tx
          .update(mailStates)
          .set({ at: input.at })
          .where(and(eq(mailStates.userId, input.userId), eq(mailStates.messageId, input.id)));
        return updated;
      });
    },

    async findDraft(userId: string, id: string) {
      const rows = await db
        .select(messageColumns)
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.id, id),
            eq(mailMessages.senderId, userId),
            isNull(mailMessages.sentAt),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async deleteDraft(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(mailMessages)
        .where(
          and(
            eq(mailMessages.id, id),
            eq(mailMessages.senderId, userId),
            isNull(mailMessages.sentAt),
          ),
        )
        .returning({ id: mailMessages.id });
      return rows.length > 0;
    },

    /** Active accounts by address (any case). */
    async accountsByEmail(emails: string[]): Promise<PersonRow[]> {
      if (emails.length === 0) return [];
      const lower = emails.map((e) => e.toLowerCase());
      return db
        .select({ userId: profiles.userId, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(inArray(sql`lower(${profiles.email})`, lower));
    },

    async people(userIds: string[]): Promise<PersonRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: profiles.userId, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(inArray(profiles.userId, userIds));
    },

    /**
     * Sends a draft: it gets its recipients, the sender's copy moves to sent and each recipient
     * gets one in their inbox — all or nothing. False when it is not (or no longer) a draft.
     */
    async send(input: {
      id: string;
      senderId: string;
      recipients: { userId: string; kind: 'to' | 'cc' }[];
      at: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [sent] = await tx
          .update(mailMessages)
          .set({ sentAt: input.at, updatedAt: input.at })
          .where(
            and(
              eq(mailMessages.id, input.id),
              eq(mailMessages.senderId, input.senderId),
              isNull(mailMessages.sentAt),
            ),
          )
          .returning({ id: mailMessages.id });
        if (!sent) return false;
        await tx.insert(mailRecipients).values(
          input.recipients.map((r, position) => ({
            messageId: input.id,
            position,
            userId: r.userId,
            kind: r.kind,
          })),
        );
        await tx
          .update(mailStates)
          .set({ folder: 'sent', read: true, at: input.at })
          .where(and(eq(mailStates.userId, input.senderId), eq(mailStates.messageId, input.id)));
        const unique = [...new Set(input.recipients.map((r) => r.userId))];
        await tx.insert(mailStates).values(
          unique.map((userId) => ({
            userId,
            messageId: input.id,
            folder: 'inbox' as const,
            read: false,
            at: input.at,
          })),
        );
        return true;
      });
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

    async attachmentsOf(messageIds: string[]) {
      if (messageIds.length === 0) return [];
      return db
        .select({
          messageId: mailAttachments.messageId,
          id: files.id,
          name: files.originalName,
          mime: files.mime,
          size: files.sizeBytes,
          ownerId: files.ownerId,
        })
        .from(mailAttachments)
        .innerJoin(files, eq(files.id, mailAttachments.fileId))
        .where(inArray(mailAttachments.messageId, messageIds))
        .orderBy(asc(mailAttachments.messageId), asc(mailAttachments.position));
    },

    async addAttachment(messageId: string, fileId: string) {
      await db.insert(mailAttachments).values({
        messageId,
        fileId,
        position: sql`(select coalesce(max(position), -1) + 1 from ${mailAttachments} where ${mailAttachments.messageId} = ${messageId})`,
      });
    },

    async copyAttachments(fromMessageId: string, toMessageId: string) {
      await db.execute(sql`
        insert into mail_attachments (message_id, file_id, position)
        select ${toMessageId}, file_id, position from mail_attachments where message_id = ${fromMessageId}
        on conflict do nothing`);
    },

    async removeAttachment(messageId: string, fileId: string): Promise<boolean> {
      const rows = await db
        .delete(mailAttachments)
        .where(and(eq(mailAttachments.messageId, messageId), eq(mailAttachments.fileId, fileId)))
        .returning({ fileId: mailAttachments.fileId });
      return rows.length > 0;
    },

    /** Of these files, those no message carries any more. */
    async unusedFiles(fileIds: string[]) {
      if (fileIds.length === 0) return [];
      return db
        .select()
        .from(files)
        .where(
          and(
            inArray(files.id, fileIds),
            sql`not exists (select 1 from ${mailAttachments} where ${mailAttachments.fileId} = ${files.id})`,
          ),
        );
    },

    /** A mail file, if this person sent or holds a message that carries it. */
    async fileFor(userId: string, fileId: string) {
      const rows = await db
        .select()
        .from(files)
        .where(
          and(
            eq(files.id, fileId),
            exists(
              db
                .select({ one: sql`1` })
                .from(mailAttachments)
                .innerJoin(mailMessages, eq(mailMessages.id, mailAttachments.messageId))
                .where(
                  and(
                    eq(mailAttachments.fileId, files.id),
                    or(
                      eq(mailMessages.senderId, userId),
                      sql`exists (select 1 from ${mailStates} where ${mailStates.messageId} = ${mailMessages.id} and ${mailStates.userId} = ${userId})`,
                    ),
                  ),
                ),
            ),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Moves or flags some of one person's copies; drafts are not moved. Returns the ids changed. */
    async update(
      userId: string,
      ids: string[],
      change: Partial<Pick<MailStateRow, 'read' | 'starred'>>,
    ): Promise<string[]> {
      const rows = await db
        .update(mailStates)
        .set(change)
        .where(and(eq(mailStates.userId, userId), inArray(mailStates.messageId, ids)))
        .returning({ id: mailStates.messageId });
      return rows.map((r) => r.id);
    },

    async move(
      userId: string,
      ids: string[],
      to: 'archive' | 'inbox' | 'trash' | 'restore',
      at: Date,
    ): Promise<string[]> {
      const mine = and(
        eq(mailStates.userId, userId),
        inArray(mailStates.messageId, ids),
        ne(mailStates.folder, 'drafts'),
      );
      let rows: { id: string }[];
      if (to === 'trash') {
        rows = await db
          .update(mailStates)
          .set({ previousFolder: sql`${mailStates.folder}`, folder: 'trash', trashedAt: at })
          .where(and(mine, ne(mailStates.folder, 'trash')))
          .returning({ id: mailStates.messageId });
      } else if (to === 'restore') {
        rows = await db
          .update(mailStates)
          .set({
            folder: sql`coalesce(${mailStates.previousFolder}, 'inbox')`,
            previousFolder: null,
            trashedAt: null,
          })
          .where(and(mine, eq(mailStates.folder, 'trash')))
          .returning({ id: mailStates.messageId });
      } else {
        // Archive and back to the inbox: only received copies (a sent copy stays in sent).
        rows = await db
          .update(mailStates)
          .set({ folder: to, previousFolder: null, trashedAt: null })
          .where(
            and(
              mine,
              sql`exists (select 1 from ${mailRecipients} r where r.message_id = ${mailStates.messageId} and r.user_id = ${userId})`,
            ),
          )
          .returning({ id: mailStates.messageId });
      }
      return rows.map((r) => r.id);
    },

    /** Removes copies from the trash for good; returns the message ids. */
    async deleteFromTrash(userId: string | null, ids: string[] | null, trashedBefore?: Date) {
      const where: SQL[] = [eq(mailStates.folder, 'trash')];
      if (userId) where.push(eq(mailStates.userId, userId));
      if (ids) where.push(inArray(mailStates.messageId, ids));
      if (trashedBefore) where.push(lte(mailStates.trashedAt, trashedBefore));
      const rows = await db
        .delete(mailStates)
        .where(and(...where))
        .returning({ id: mailStates.messageId, userId: mailStates.userId });
      const messageIds = [...new Set(rows.map((r) => r.id))];
      const attached = await this.attachmentsOf(messageIds);
      // The senders' own copies gone: what they wrote is deleted for them.
      const senders =
        messageIds.length === 0
          ? []
          : await db
              .select({ id: mailMessages.id, senderId: mailMessages.senderId })
              .from(mailMessages)
              .where(inArray(mailMessages.id, messageIds));
      const senderOf = new Map(senders.map((m) => [m.id, m.senderId]));
      const authored = rows
        .filter((r) => senderOf.get(r.id) === r.userId)
        .map((r) => ({ userId: r.userId, id: r.id }));
      await dropOrphans(messageIds);
      return { messageIds, fileIds: [...new Set(attached.map((a) => a.id))], authored };
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

    /** The messages this person sent and still holds a copy of (analysis catching up). */
    async sentHeldBy(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: mailMessages.id })
        .from(mailStates)
        .innerJoin(mailMessages, eq(mailMessages.id, mailStates.messageId))
        .where(
          and(
            eq(mailStates.userId, userId),
            eq(mailMessages.senderId, userId),
            sql`${mailMessages.sentAt} is not null`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Everything this person holds or sent, for the export. */
    async everythingOf(userId: string): Promise<ListedRow[]> {
      return db
        .select({ message: messageColumns, state: mailStates })
        .from(mailStates)
        .innerJoin(mailMessages, eq(mailMessages.id, mailStates.messageId))
        .where(eq(mailStates.userId, userId))
        .orderBy(asc(mailStates.at));
    },

    /**
     * "Delete my data": their drafts and copies go; what they sent others keep, shown as from
     * a deleted user. Returns the files they own that no message carries any more.
     */
    async deleteDataOf(userId: string) {
      return db.transaction(async (tx) => {
        const held = await tx
          .delete(mailStates)
          .where(eq(mailStates.userId, userId))
          .returning({ id: mailStates.messageId });
        await tx
          .delete(mailMessages)
          .where(and(eq(mailMessages.senderId, userId), isNull(mailMessages.sentAt)));
        await tx
          .update(mailMessages)
          .set({ senderId: null })
          .where(eq(mailMessages.senderId, userId));
        const ids = held.map((h) => h.id);
        if (ids.length > 0)
          await tx
            .delete(mailMessages)
            .where(
              and(
                inArray(mailMessages.id, ids),
                sql`not exists (select 1 from ${mailStates} where ${mailStates.messageId} = ${mailMessages.id})`,
              ),
            );
        return tx
          .select()
          .from(files)
          .where(
            and(
              eq(files.ownerId, userId),
              eq(files.purpose, MAIL_FILE_PURPOSE),
              sql`not exists (select 1 from ${mailAttachments} where ${mailAttachments.fileId} = ${files.id})`,
            ),
          );
      });
    },
  };
}

export const MAIL_FILE_PURPOSE = 'mail-attachment';
