import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { InputType } from '@kaleido/shared/chat/chat.schemas';
import type { MessageRecord } from './chat-records';

export interface NewMessage {
  userId: string;
  clientId: string;
  conversationId: string;
  content: string;
  inputType: InputType;
  audioUrl?: string | null;
  mediaFileId?: string | null;
  at: Date;
}

/** What became of one message handed to `append`. */
export type AppendOutcome =
  | { kind: 'created'; record: MessageRecord; participants: (string | null)[] }
  /** This sender already used the clientId (a retry, or a race with one). */
  | { kind: 'repeated' }
  /** No such conversation, or the sender does not take part in it. */
  | { kind: 'refused' };

interface RawAppendRow {
  n: number;
  participant_one_id: string | null;
  participant_two_id: string | null;
  allowed: boolean;
  first_use: boolean;
  id: string | null;
  seq: string;
  updated_seq: string | null;
  client_id: string;
  conversation_id: string;
  user_id: string | null;
  content: string;
  input_type: InputType;
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

const fromRaw = (row: RawAppendRow & { id: string }): MessageRecord => ({
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

/**
 * Appends messages, many per statement. Each conversation row is locked (in id order, so two
 * batches never deadlock), its updated_at moved and its `last_seq` advanced by the messages it
 * takes, which are numbered from there: within a conversation `seq` order is commit order, so
 * a client that has seen seq N can never later miss a committed message below N. The sender must be a participant; a clientId the
 * sender already used inserts nothing.
 */
export async function appendMany(db: Db, messages: NewMessage[]): Promise<AppendOutcome[]> {
  const input = JSON.stringify(
    messages.map((m, n) => ({
      n,
      user_id: m.userId,
      client_id: m.clientId,
      conversation_id: m.conversationId,
      content: m.content,
      input_type: m.inputType,
      audio_url: m.audioUrl ?? null,
      media_file_id: m.mediaFileId ?? null,
      at: m.at.toISOString(),
    })),
  );
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(n int, user_id uuid, client_id uuid,
        conversation_id uuid, content text, input_type text, audio_url text, media_file_id uuid,
        at timestamptz)
    ), allowed as (
      -- = any(array(...)): an index lookup per id; a join here let the planner scan the table.
      select c.id, c.participant_one_id, c.participant_two_id from conversations c
      where c.id = any(array(select conversation_id from input))
        and exists (select 1 from input i where i.conversation_id = c.id
        and i.user_id in (c.participant_one_id, c.participant_two_id))
      order by c.id
      for update
    ), accepted as (
      -- Sent by a participant. A clientId already stored, or used earlier in this batch, is
      -- not fresh: it takes no number, so a retry leaves no gap in the conversation's numbering.
      select i.*,
        not exists (select 1 from user_inputs x
          where x.user_id = i.user_id and x.client_id = i.client_id)
        and row_number() over (partition by i.user_id, i.client_id order by i.n) = 1 as fresh
      from input i
      join allowed a on a.id = i.conversation_id
        and i.user_id in (a.participant_one_id, a.participant_two_id)
    ), numbered as (
      select *, row_number() over (partition by conversation_id order by n) as k
      from accepted where fresh
    ), touched as (
      -- The row is locked (allowed), so last_seq here is the latest committed one.
      update conversations c set updated_at = latest.at, last_seq = c.last_seq + latest.taken
      from (select a.conversation_id, max(a.at) as at,
          (select count(*) from numbered nb where nb.conversation_id = a.conversation_id) as taken
        from accepted a group by a.conversation_id) latest
      where c.id = latest.conversation_id
      returning c.id, c.participant_one_id, c.participant_two_id, c.last_seq - latest.taken as base
    ), inserted as (
      insert into user_inputs (seq, user_id, client_id, conversation_id, content, input_type,
        audio_url, media_file_id, created_at)
      select t.base + nb.k, nb.user_id, nb.client_id, nb.conversation_id, nb.content,
        nb.input_type, nb.audio_url, nb.media_file_id, nb.at
      from numbered nb
      join touched t on t.id = nb.conversation_id
      order by nb.n
      on conflict (user_id, client_id) do nothing
      returning *
    )
    select i.n, t.participant_one_id, t.participant_two_id, t.id is not null as allowed,
      -- Only the first allowed use of a clientId in the batch can be the row inserted.
      row_number() over (partition by i.user_id, i.client_id, t.id is not null order by i.n) = 1
        as first_use,
      ins.id, ins.seq::text as seq, ins.updated_seq::text as updated_seq,
      ins.client_id, ins.conversation_id, ins.user_id, ins.content, ins.input_type,
      ins.privacy_level, ins.emotional_state, ins.audio_url, ins.media_file_id, ins.created_at,
      p.full_name as sender_name, p.email as sender_email,
      f.mime as media_mime, f.original_name as media_name, f.size_bytes::text as media_size
    from input i
    left join touched t on t.id = i.conversation_id
      and i.user_id in (t.participant_one_id, t.participant_two_id)
    left join inserted ins on ins.user_id = i.user_id and ins.client_id = i.client_id
    left join profiles p on p.user_id = ins.user_id
    left join files f on f.id = ins.media_file_id
    order by i.n`);
  return rowsOf<RawAppendRow>(result).map((row): AppendOutcome => {
    if (!row.allowed) return { kind: 'refused' };
    if (row.id === null || !row.first_use) return { kind: 'repeated' };
    return {
      kind: 'created',
      record: fromRaw({ ...row, id: row.id }),
      participants: [row.participant_one_id, row.participant_two_id],
    };
  });
}
