import {
  CHAT_MESSAGES,
  type Conversation,
  type InputType,
  type Message,
  type MessagePreview,
} from '@kaleido/shared/chat/chat.schemas';

/** Chat rows as the repositories answer them, and how the API shows them. */

export const conversationRoom = (id: string) => `conversation:${id}`;
export const mediaUrl = (fileId: string) => `/api/chat/media/${fileId}`;

/** A message with what the API shows beside it: the sender's profile and the media's metadata. */
export interface MessageRecord {
  id: string;
  seq: number;
  updatedSeq: number | null;
  clientId: string;
  conversationId: string;
  userId: string | null;
  content: string;
  inputType: InputType;
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
  lm_input_type: InputType | null;
  lm_created_at: Date | string | null;
  other_read: string;
  unread: number;
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function chatUser(id: string | null, name: string | null, email: string | null) {
  if (!id) return { id: null, full_name: CHAT_MESSAGES.deletedUser, email: null };
  return { id, full_name: name ?? CHAT_MESSAGES.unknownUser, email };
}

export function toMessage(row: MessageRecord): Message {
  return {
    id: row.id,
    client_id: row.clientId,
    seq: String(row.seq),
    conversation_id: row.conversationId,
    user_id: row.userId,
    content: row.content,
    input_type: row.inputType,
    privacy_level: row.privacyLevel,
    emotional_state: row.emotionalState,
    audio_url: row.audioUrl,
    media_file_id: row.mediaFileId,
    media:
      row.mediaFileId && row.mediaMime
        ? {
            url: mediaUrl(row.mediaFileId),
            mime: row.mediaMime,
            name: row.mediaName ?? 'file',
            size: row.mediaSize ?? 0,
          }
        : null,
    created_at: row.createdAt.toISOString(),
    sender: chatUser(row.userId, row.senderName, row.senderEmail),
  };
}

export const previewOf = (message: Message): MessagePreview => ({
  id: message.id,
  seq: message.seq,
  user_id: message.user_id,
  content: message.content.slice(0, 200),
  input_type: message.input_type,
  created_at: message.created_at,
});

export function toConversation(row: ConversationSummaryRecord): Conversation {
  return {
    id: row.id,
    participant_one_id: row.participant_one_id,
    participant_two_id: row.participant_two_id,
    title: row.title,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    other_participant: chatUser(row.other_id, row.other_name, row.other_email),
    last_message:
      row.lm_id && row.lm_seq && row.lm_input_type && row.lm_created_at
        ? {
            id: row.lm_id,
            seq: row.lm_seq,
            user_id: row.lm_user_id,
            content: row.lm_content ?? '',
            input_type: row.lm_input_type,
            created_at: iso(row.lm_created_at),
          }
        : null,
    unread_count: row.unread,
    other_last_read_seq: row.other_read,
  };
}

export function mediaInputType(mime: string): InputType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}
