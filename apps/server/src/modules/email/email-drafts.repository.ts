import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages, mailStates } from '../../db/schema/mailbox';
import { messageColumns, type MailMessageRow } from './email-rows';

/** A person's drafts, saved as typed: created or updated, found, discarded. */
export function createMailDraftsRepository(db: Db) {
  return {
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
  };
}
