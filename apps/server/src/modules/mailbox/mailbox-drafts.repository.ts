import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { mailMessages, mailRecipients, mailStates } from '../../db/schema/mailbox';
import { messageColumns, type PersonRow, type MailMessageRow } from './mailbox-rows';

/** Drafts and sending: a draft saved as typed, the addresses resolved to accounts, the send. */
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
