import { and, eq, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { conversations, userInputs } from '../../db/schema/chat';
import { files } from '../../db/schema/files';
import type { ConversationSummaryRecord } from './chat-records';

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
export type ConversationRow = typeof conversations.$inferSelect;

const isParticipant = (userId: string) =>
  or(eq(conversations.participantOneId, userId), eq(conversations.participantTwoId, userId));

/** Conversations, who takes part in them, how far each has read, and the list each sees. */
export function createConversationsRepository(db: Db) {
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
