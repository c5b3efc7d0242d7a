import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/files';
import { mailAttachments, mailMessages, mailStates } from '../../db/schema/mailbox';

/** The files messages carry, and who may read them. */
export function createMailAttachmentsRepository(db: Db) {
  return {
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
  };
}

export type MailAttachmentsRepository = ReturnType<typeof createMailAttachmentsRepository>;
