import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/files';
import { mailAttachments, mailMessages, mailStates } from '../../db/schema/mailbox';
import { messageColumns, MAIL_FILE_PURPOSE, type ListedRow } from './email-rows';

/** A person's mail as a whole: what analysis catches up on, the export, 'Delete my data'. */
export function createMailDataRepository(db: Db) {
  return {
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
