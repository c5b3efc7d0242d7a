import { and, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages, mailRecipients, mailStates } from '../../db/schema/mailbox';
import type { MailStateRow } from './email-rows';
import type { MailAttachmentsRepository } from './email-attachments.repository';

/** Filing one person's copies: read and starred flags, moves between folders, the trash emptied. */
export function createMailFilingRepository(db: Db, attachments: MailAttachmentsRepository) {
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
      const attached = await attachments.attachmentsOf(messageIds);
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
  };
}
