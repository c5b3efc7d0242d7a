import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { createBatcher } from '../../db/batcher';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { conversations, userInputs } from '../../db/schema/chat';
import { files } from '../../db/schema/files';
import type { MessageRecord } from './chat-records';
import { appendMany, type AppendOutcome, type NewMessage } from './message-append.repository';

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

const messageColumns = {
  id: userInputs.id,
  seq: userInputs.seq,
  updatedSeq: userInputs.updatedSeq,
  clientId: userInputs.clientId,
  conversationId: userInputs.conversationId,
  userId: userInputs.userId,
  content: userInputs.content,
  inputType: userInputs.inputType,
  privacyLevel: userInputs.privacyLevel,
  emotionalState: userInputs.emotionalState,
  audioUrl: userInputs.audioUrl,
  mediaFileId: userInputs.mediaFileId,
  createdAt: userInputs.createdAt,
  senderName: profiles.fullName,
  senderEmail: profiles.email,
  mediaMime: files.mime,
  mediaName: files.originalName,
  mediaSize: files.sizeBytes,
};

/** Messages: appending (batched), reading pages, resume, and changing content in place. */
export function createMessagesRepository(db: Db) {
  const selectMessages = () =>
    db
      .select(messageColumns)
      .from(userInputs)
      .leftJoin(profiles, eq(profiles.userId, userInputs.userId))
      .leftJoin(files, eq(files.id, userInputs.mediaFileId));

  return {
    /** One message; concurrent calls share a statement (see `appendMany`). */
    append: createBatcher<NewMessage, AppendOutcome>({
      run: (messages) => appendMany(db, messages),
      maxBatch: 100,
    }),

    /** Changes a message's content in place, giving it a new position in the stream. */
    async updateMessageContent(id: string, content: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const target = await tx
          .select({ conversationId: userInputs.conversationId })
          .from(userInputs)
          .where(eq(userInputs.id, id));
        const conversationId = target[0]?.conversationId;
        if (!conversationId) return false;
        // The next number of the conversation, under its row lock (decision 007).
        const [position] = await tx
          .update(conversations)
          .set({ lastSeq: sql`${conversations.lastSeq} + 1` })
          .where(eq(conversations.id, conversationId))
          .returning({ seq: conversations.lastSeq });
        if (!position) return false;
        await tx
          .update(userInputs)
          .set({ content, updatedSeq: position.seq })
          .where(eq(userInputs.id, id));
        return true;
      });
    },

    async findMessage(id: string): Promise<MessageRecord | null> {
      const rows = await selectMessages().where(eq(userInputs.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findMessageByClientId(userId: string, clientId: string): Promise<MessageRecord | null> {
      const rows = await selectMessages()
        .where(and(eq(userInputs.userId, userId), eq(userInputs.clientId, clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A page of messages in ascending seq: after a seq, before one, or the newest. */
    async listMessages(
      conversationId: string,
      page: { afterSeq?: number; beforeSeq?: number; limit: number },
    ): Promise<MessageRecord[]> {
      const inConversation = eq(userInputs.conversationId, conversationId);
      if (page.afterSeq !== undefined) {
        return selectMessages()
          .where(and(inConversation, gt(userInputs.seq, page.afterSeq)))
          .orderBy(asc(userInputs.seq))
          .limit(page.limit);
      }
      const where: SQL | undefined =
        page.beforeSeq !== undefined
          ? and(inConversation, lt(userInputs.seq, page.beforeSeq))
          : inConversation;
      const newestFirst = await selectMessages()
        .where(where)
        .orderBy(desc(userInputs.seq))
        .limit(page.limit);
      return newestFirst.reverse();
    },

    /** Messages new or changed after `afterSeq`, in stream order (resume). */
    async changedSince(
      conversationId: string,
      afterSeq: number,
      limit: number,
    ): Promise<MessageRecord[]> {
      const position = sql`greatest(${userInputs.seq}, coalesce(${userInputs.updatedSeq}, 0))`;
      return selectMessages()
        .where(
          and(
            eq(userInputs.conversationId, conversationId),
            or(gt(userInputs.seq, afterSeq), gt(userInputs.updatedSeq, afterSeq)),
          ),
        )
        .orderBy(asc(position))
        .limit(limit);
    },

    /** Merges derived keys into a message's emotional_state (analysis; not an edit). */
    async setEmotionalState(
      id: string,
      state: Record<string, string | number | boolean>,
      remove: readonly string[],
    ) {
      await db
        .update(userInputs)
        .set({
          emotionalState: sql`(${userInputs.emotionalState} - ${sql.param([...remove])}::text[]) || ${JSON.stringify(state)}::jsonb`,
        })
        .where(eq(userInputs.id, id));
    },

    /** Everything a user sent, oldest first (their data export). */
    async sentBy(userId: string) {
      return db
        .select({
          id: userInputs.id,
          conversation_id: userInputs.conversationId,
          content: userInputs.content,
          input_type: userInputs.inputType,
          media_file_id: userInputs.mediaFileId,
          created_at: userInputs.createdAt,
        })
        .from(userInputs)
        .where(eq(userInputs.userId, userId))
        .orderBy(asc(userInputs.createdAt), asc(userInputs.id));
    },
  };
}
