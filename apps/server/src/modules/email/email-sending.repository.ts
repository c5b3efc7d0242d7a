import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailMessages, mailRecipients, mailStates } from '../../db/schema/mailbox';

/** Sending: a draft becomes a message with its recipients and their copies, in one transaction. */
export function createMailSendingRepository(db: Db) {
  return {
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
        // None when no address the sender typed has an account (decision 045).
        if (input.recipients.length === 0) {
          await tx
            .update(mailStates)
            .set({ folder: 'sent', read: true, at: input.at })
            .where(and(eq(mailStates.userId, input.senderId), eq(mailStates.messageId, input.id)));
          return true;
        }
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
  };
}
