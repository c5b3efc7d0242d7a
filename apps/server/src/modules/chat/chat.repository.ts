import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { users } from '../../db/schema/auth';
import { conversations, userInputs } from '../../db/schema/chat';
import { files } from '../../db/schema/files';

export type ChatRepository = ReturnType<typeof createChatRepository>;
export type ConversationRow = typeof conversations.$inferSelect;
export type NewMessage = Omit<typeof userInputs.$inferInsert, 'seq' | 'updatedSeq'>;

/** A message with what the API shows beside it: the sender's profile and the media's metadata. */
export interface MessageRecord {
  id: string;
  seq: number;
  updatedSeq: number | null;
  clientId: string;
  conversationId: string;
  userId: string | null;
  content: string;
  inputType: 'text' | 'audio' | 'image' | 'video' | 'document';
  privacyLevel: string;
  emotionalState: Record<string, unknown>;
  audioUrl: string | null;
  mediaFileId: string | null;
  createdAt: Date;
  senderName: string | null;
  senderEmail: string | null;
  mediaMime: string | null;
  mediaName: string | null;
  mediaSize: number | null;
}

/** One row of a participant's conversation list, as the list query answers it. */
export interface ConversationSummaryRecord {
  id: string;
  participant_one_id: string | null;
  participant_two_id: string | null;
  title: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  other_id: string | null;
  other_name: string | null;
  other_email: string | null;
  lm_id: string | null;
  lm_seq: string | null;
  lm_user_id: string | null;
  lm_content: string | null;
  lm_input_type: MessageRecord['inputType'] | null;
  lm_created_at: Date | string | null;
  other_read: string;
  unread: number;
}

interface RawMessageRow {
  id: string;
  seq: string;
  updated_seq: string | null;
  client_id: string;
  conversation_id: string;
  user_id: string | null;
  content: string;
  input_type: MessageRecord['inputType'];
  privacy_level: string;
  emotional_state: Record<string, unknown>;
  audio_url: string | null;
  media_file_id: string | null;
  created_at: Date | string;
  sender_name: string | null;
  sender_email: string | null;
  media_mime: string | null;
  media_name: string | null;
  media_size: string | null;
}

const fromRawMessage = (row: RawMessageRow): MessageRecord => ({
  id: row.id,
  seq: Number(row.seq),
  updatedSeq: row.updated_seq === null ? null : Number(row.updated_seq),
  clientId: row.client_id,
  conversationId: row.conversation_id,
  userId: row.user_id,
  content: row.content,
  inputType: row.input_type,
  privacyLevel: row.privacy_level,
  emotionalState: row.emotional_state,
  audioUrl: row.audio_url,
  mediaFileId: row.media_file_id,
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  senderName: row.sender_name,
  senderEmail: row.sender_email,
  mediaMime: row.media_mime,
  mediaName: row.media_name,
  mediaSize: row.media_size === null ? null : Number(row.media_size),
});

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

export function createChatRepository(db: Db) {
  const selectMessages = () =>
    db
      .select(messageColumns)
      .from(userInputs)
      .leftJoin(profiles, eq(profiles.userId, userInputs.userId))
      .leftJoin(files, eq(files.id, userInputs.mediaFileId));

  const isParticipant = (userId: string) =>
    or(eq(conversations.participantOneId, userId), eq(conversations.participantTwoId, userId));

  return {
    async findConversationFor(userId: string, id: string): Promise<ConversationRow | null> {
      const rows = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), isParticipant(userId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async userExists(userId: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return rows.length > 0;
    },

    /** Inserts the pair's conversation; null when the pair already has one (either order). */
    async insertConversation(row: {
      participantOneId: string;
      participantTwoId: string;
      title: string | null;
      at: Date;
    }): Promise<ConversationRow | null> {
      const rows = await db
        .insert(conversations)
        .values({ ...row, createdAt: row.at, updatedAt: row.at })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async findConversationBetween(a: string, b: string): Promise<ConversationRow | null> {
      const rows = await db
        .select()
        .from(conversations)
        .where(
          or(
            and(eq(conversations.participantOneId, a), eq(conversations.participantTwoId, b)),
            and(eq(conversations.participantOneId, b), eq(conversations.participantTwoId, a)),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** The user's conversations, newest activity first, each with what the list shows. */
    async summaries(userId: string, onlyId?: string): Promise<ConversationSummaryRecord[]> {
      const only = onlyId ? sql`and c.id = ${onlyId}` : sql``;
      const result = await db.execute(sql`
        select c.id, c.participant_one_id, c.participant_two_id, c.title, c.created_at, c.updated_at,
          o.other_id, p.full_name as other_name, p.email as other_email,
          lm.id as lm_id, lm.seq::text as lm_seq, lm.user_id as lm_user_id,
          left(lm.content, 200) as lm_content, lm.input_type as lm_input_type,
          lm.created_at as lm_created_at,
          coalesce(theirs.last_read_seq, 0)::text as other_read,
          (select count(*)::int from user_inputs u
            where u.conversation_id = c.id and u.seq > coalesce(mine.last_read_seq, 0)
              and u.user_id is distinct from ${userId}) as unread
        from conversations c
        cross join lateral (select case when c.participant_one_id = ${userId}
          then c.participant_two_id else c.participant_one_id end as other_id) o
        left join profiles p on p.user_id = o.other_id
        left join conversation_reads mine on mine.conversation_id = c.id and mine.user_id = ${userId}
        left join conversation_reads theirs
          on theirs.conversation_id = c.id and theirs.user_id = o.other_id
        left join lateral (select * from user_inputs u where u.conversation_id = c.id
          order by u.seq desc limit 1) lm on true
        where (c.participant_one_id = ${userId} or c.participant_two_id = ${userId}) ${only}
        order by c.updated_at desc, c.id
        limit 500`);
      return rowsOf<ConversationSummaryRecord>(result);
    },

    /**
     * Appends a message unless this sender already used `clientId` (then null), in one statement.
     * The conversation row is locked (its updated_at moved) before the insert takes its `seq`, so
     * within a conversation `seq` order is commit order: a client that has seen seq N can never
     * later miss a committed message below N. A retry moves updated_at too, harmlessly.
     */
    async insertMessage(message: NewMessage, at: Date): Promise<MessageRecord | null> {
      const result = await db.execute(sql`
        with locked as (
          update conversations set updated_at = ${at} where id = ${message.conversationId}
          returning id
        ), inserted as (
          insert into user_inputs (user_id, client_id, conversation_id, content, input_type,
            audio_url, media_file_id, created_at)
          select ${message.userId}, ${message.clientId}, locked.id, ${message.content},
            ${message.inputType ?? 'text'}, ${message.audioUrl ?? null},
            ${message.mediaFileId ?? null}, ${at}
          from locked
          on conflict (user_id, client_id) do nothing
          returning *
        )
        select i.id, i.seq::text as seq, i.updated_seq::text as updated_seq, i.client_id,
          i.conversation_id, i.user_id, i.content, i.input_type, i.privacy_level,
          i.emotional_state, i.audio_url, i.media_file_id, i.created_at,
          p.full_name as sender_name, p.email as sender_email,
          f.mime as media_mime, f.original_name as media_name, f.size_bytes::text as media_size
        from inserted i
        left join profiles p on p.user_id = i.user_id
        left join files f on f.id = i.media_file_id`);
      const row = rowsOf<RawMessageRow>(result)[0];
      return row ? fromRawMessage(row) : null;
    },

    /** Changes a message's content in place, giving it a new position in the stream. */
    async updateMessageContent(id: string, content: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const target = await tx
          .select({ conversationId: userInputs.conversationId })
          .from(userInputs)
          .where(eq(userInputs.id, id));
        const conversationId = target[0]?.conversationId;
        if (!conversationId) return false;
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.id, conversationId))
          .for('update');
        await tx
          .update(userInputs)
          .set({
            content,
            updatedSeq: sql`nextval(pg_get_serial_sequence('user_inputs', 'seq'))`,
          })
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

    /** Moves the reader's position forward (never back, never past the newest message). */
    async markRead(conversationId: string, userId: string, seq: number, at: Date) {
      const result = await db.execute(sql`
        with newest as (
          select least(${seq}::bigint, coalesce(max(seq), 0)) as seq
          from user_inputs where conversation_id = ${conversationId}
        )
        insert into conversation_reads (conversation_id, user_id, last_read_seq, updated_at)
        select ${conversationId}, ${userId}, newest.seq, ${at} from newest
        on conflict (conversation_id, user_id) do update
          set last_read_seq = greatest(conversation_reads.last_read_seq, excluded.last_read_seq),
              updated_at = excluded.updated_at
          where excluded.last_read_seq > conversation_reads.last_read_seq
        returning last_read_seq::text as last_read_seq`);
      const moved = rowsOf<{ last_read_seq: string }>(result)[0]?.last_read_seq;
      if (moved !== undefined) return { changed: true, lastReadSeq: moved };
      const current = await db.execute(sql`
        select coalesce(max(last_read_seq), 0)::text as last_read_seq from conversation_reads
        where conversation_id = ${conversationId} and user_id = ${userId}`);
      const lastReadSeq = rowsOf<{ last_read_seq: string }>(current)[0]?.last_read_seq ?? '0';
      return { changed: false, lastReadSeq };
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
        .orderBy(asc(userInputs.seq));
    },

    /** The file, if `userId` takes part in a conversation that has a message carrying it. */
    async findMediaFor(userId: string, fileId: string) {
      const rows = await db
        .select({ file: files })
        .from(files)
        .innerJoin(userInputs, eq(userInputs.mediaFileId, files.id))
        .innerJoin(conversations, eq(conversations.id, userInputs.conversationId))
        .where(and(eq(files.id, fileId), isParticipant(userId)))
        .limit(1);
      return rows[0]?.file ?? null;
    },
  };
}
