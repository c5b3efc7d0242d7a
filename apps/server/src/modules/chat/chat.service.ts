import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_MESSAGES,
  CONTENT_MAX_LENGTH,
  REPLAY_LIMIT,
  type Conversation,
  type InputType,
  type Message,
  type MessagePreview,
} from '@kaleido/shared/chat/chat.schemas';
import { AUDIO_UPLOAD_POLICY, CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { EventBus, RoomEvent } from '../../realtime/event-bus';
import type { RoomKind } from '../../realtime/rooms';
import { userRoom } from '../../realtime/rooms';
import type { FileRow } from '../files/files.repository';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type {
  ChatRepository,
  ConversationSummaryRecord,
  MessageRecord,
  NewMessage,
} from './chat.repository';

export type ChatService = ReturnType<typeof createChatService>;

export const conversationRoom = (id: string) => `conversation:${id}`;
export const mediaUrl = (fileId: string) => `/api/chat/media/${fileId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PREVIEW_LENGTH = 100;
const REPLAY_PAGE = 500;

export interface ChatHooks {
  /**
   * Whether `userId` wants a notification for a new chat message. The settings module plugs
   * `notification_settings` in here; until then everyone is notified.
   */
  chatNotificationsAllowed?(userId: string): Promise<boolean>;
  /**
   * A voice message was stored. The speech module queues its transcription here and, when the
   * text is ready, calls `chat.applyTranscript(message.id, text)`, which replaces
   * '[Voice message]' in place and publishes 'message.updated'.
   */
  onVoiceMessageStored?(message: Message, file: FileRow): Promise<void>;
}

function iso(value: Date | string): string {
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

const previewOf = (message: Message): MessagePreview => ({
  id: message.id,
  seq: message.seq,
  user_id: message.user_id,
  content: message.content.slice(0, 200),
  input_type: message.input_type,
  created_at: message.created_at,
});

function toConversation(row: ConversationSummaryRecord): Conversation {
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

function mediaInputType(mime: string): InputType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/**
 * Conversations between two people and their messages. Every method opens with the access
 * check: someone who is not a participant gets 404, whether or not the conversation exists.
 */
export function createChatService(deps: {
  repository: ChatRepository;
  files: FilesService;
  bus: EventBus;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
  now?: () => Date;
  hooks?: ChatHooks;
}) {
  const { repository, bus, log } = deps;
  const now = deps.now ?? (() => new Date());
  const hooks: ChatHooks = deps.hooks ?? {};

  async function access(userId: string, conversationId: string) {
    const conversation = UUID.test(conversationId)
      ? await repository.findConversationFor(userId, conversationId)
      : null;
    if (!conversation) throw notFound(CHAT_MESSAGES.conversationNotFound);
    const otherId =
      conversation.participantOneId === userId
        ? conversation.participantTwoId
        : conversation.participantOneId;
    return { conversation, otherId };
  }

  async function summary(userId: string, conversationId: string) {
    const [row] = await repository.summaries(userId, conversationId);
    if (!row) throw notFound(CHAT_MESSAGES.conversationNotFound);
    return toConversation(row);
  }

  async function publishConversationUpdated(
    participants: (string | null)[],
    data: RoomEvent<'conversation.updated'>['data'],
  ) {
    const rooms = participants.filter((id) => id !== null).map(userRoom);
    await Promise.all(
      rooms.map((room) => bus.publish({ room, name: 'conversation.updated', data })),
    );
  }

  /**
   * After a new message is committed: live delivery first (awaited, so one instance publishes a
   * conversation's messages in commit order), then the list reorder and the recipient's bell in
   * the background — the row is stored, so the sender need not wait for those.
   */
  async function announce(message: Message, otherId: string | null) {
    await bus.publish({
      room: conversationRoom(message.conversation_id),
      name: 'message.created',
      data: { message },
      seq: message.seq,
    });
    void Promise.all([
      publishConversationUpdated([message.user_id, otherId], {
        conversation_id: message.conversation_id,
        updated_at: message.created_at,
        last_message: previewOf(message),
      }),
      otherId ? notifyRecipient(message, otherId) : Promise.resolve(),
    ]).catch((error: unknown) => {
      log.error({ err: error, messageId: message.id }, 'chat list update or notification failed');
    });
  }

  async function notifyRecipient(message: Message, otherId: string) {
    if (hooks.chatNotificationsAllowed && !(await hooks.chatNotificationsAllowed(otherId))) return;
    const text = message.content;
    await deps.notifications.notify(otherId, {
      type: 'chat',
      title: message.sender.full_name,
      message: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
      link: `/app/chat/${message.conversation_id}`,
    });
  }

  /** The message this sender already sent with `clientId`, if any (idempotent retries). */
  async function earlierSend(userId: string, conversationId: string, clientId: string) {
    const row = await repository.findMessageByClientId(userId, clientId);
    if (!row) return null;
    if (row.conversationId !== conversationId)
      throw conflict(CHAT_MESSAGES.clientIdReused, 'CLIENT_ID_REUSED');
    return toMessage(row);
  }

  /** Inserts (or finds the earlier send) and announces only what is new. */
  async function append(
    row: NewMessage & { userId: string; clientId: string },
    otherId: string | null,
  ): Promise<{ message: Message; created: boolean }> {
    const inserted = await repository.insertMessage(row, now());
    if (!inserted) {
      const earlier = await earlierSend(row.userId, row.conversationId, row.clientId);
      if (!earlier) throw new Error('client id conflict without an earlier message');
      return { message: earlier, created: false };
    }
    const message = toMessage(inserted);
    await announce(message, otherId);
    return { message, created: true };
  }

  async function storeAndAppend(
    userId: string,
    conversationId: string,
    upload: { filename: string; stream: Readable; clientId?: string },
    kind: 'media' | 'voice',
  ) {
    const { otherId } = await access(userId, conversationId);
    const clientId = upload.clientId ?? randomUUID();
    const earlier = await earlierSend(userId, conversationId, clientId);
    if (earlier) {
      upload.stream.resume();
      return { message: earlier, created: false, file: null };
    }
    const file = await deps.files.store({
      ownerId: userId,
      purpose: kind === 'voice' ? 'chat-voice' : 'chat-media',
      policy: kind === 'voice' ? AUDIO_UPLOAD_POLICY : CHAT_MEDIA_POLICY,
      filename: upload.filename,
      stream: upload.stream,
    });
    const inputType = kind === 'voice' ? 'audio' : mediaInputType(file.mime);
    try {
      const result = await append(
        {
          userId,
          clientId,
          conversationId,
          content:
            kind === 'voice'
              ? CHAT_MESSAGES.voiceMessage
              : `[${inputType} file: ${file.originalName}]`,
          inputType,
          mediaFileId: file.id,
          audioUrl: kind === 'voice' ? mediaUrl(file.id) : null,
        },
        otherId,
      );
      // A concurrent retry won the race: keep its file, drop ours.
      if (!result.created) await deps.files.remove([file]);
      return { ...result, file: result.created ? file : null };
    } catch (error) {
      await deps.files.remove([file]);
      throw error;
    }
  }

  const room: RoomKind = {
    async authorize(userId, id) {
      return UUID.test(id) && (await repository.findConversationFor(userId, id)) !== null;
    },
    async replay(userId, id, afterSeq) {
      if (!/^\d{1,18}$/.test(afterSeq) || !(await room.authorize(userId, id))) return [];
      const after = Number(afterSeq);
      const rows: MessageRecord[] = [];
      for (let from = after; rows.length < REPLAY_LIMIT;) {
        const page = await repository.changedSince(id, from, REPLAY_PAGE);
        rows.push(...page);
        const lastRow = page.at(-1);
        if (page.length < REPLAY_PAGE || !lastRow) break;
        from = Math.max(lastRow.seq, lastRow.updatedSeq ?? 0);
      }
      return rows.map((row): RoomEvent => {
        const message = toMessage(row);
        const isNew = row.seq > after;
        return {
          room: conversationRoom(id),
          name: isNew ? 'message.created' : 'message.updated',
          data: { message },
          seq: String(Math.max(row.seq, row.updatedSeq ?? 0)),
        };
      });
    },
  };

  return {
    /** The `conversation:<id>` room kind: participants join; resume replays from the database. */
    room,

    async listConversations(userId: string) {
      const rows = await repository.summaries(userId);
      return { conversations: rows.map(toConversation) };
    },

    async getConversation(userId: string, conversationId: string) {
      await access(userId, conversationId);
      return { conversation: await summary(userId, conversationId) };
    },

    /** Starts a conversation with someone, or answers the one the pair already has. */
    async createConversation(userId: string, input: { participantId: string; title?: string }) {
      const otherId = input.participantId;
      if (otherId === userId) throw badRequest(CHAT_MESSAGES.selfConversation);
      if (!(await repository.userExists(otherId))) throw notFound(CHAT_MESSAGES.userNotFound);
      const inserted = await repository.insertConversation({
        participantOneId: userId,
        participantTwoId: otherId,
        title: input.title || null,
        at: now(),
      });
      const row = inserted ?? (await repository.findConversationBetween(userId, otherId));
      if (!row) throw new Error('conversation neither inserted nor found');
      const conversation = await summary(userId, row.id);
      if (inserted) {
        await publishConversationUpdated([userId, otherId], {
          conversation_id: row.id,
          updated_at: conversation.updated_at,
          last_message: null,
        });
      }
      return { conversation, created: inserted !== null };
    },

    async listMessages(
      userId: string,
      conversationId: string,
      page: { afterSeq?: string; beforeSeq?: string; limit: number },
    ) {
      await access(userId, conversationId);
      const rows = await repository.listMessages(conversationId, {
        afterSeq: page.afterSeq === undefined ? undefined : Number(page.afterSeq),
        beforeSeq: page.beforeSeq === undefined ? undefined : Number(page.beforeSeq),
        limit: page.limit + 1,
      });
      const hasMore = rows.length > page.limit;
      const shown = !hasMore ? rows : page.afterSeq ? rows.slice(0, -1) : rows.slice(1);
      return { messages: shown.map(toMessage), hasMore };
    },

    /** Sends a text message; the same clientId again answers the first message (created false). */
    async sendMessage(
      userId: string,
      conversationId: string,
      input: { clientId: string; content: string },
    ) {
      const { otherId } = await access(userId, conversationId);
      return append(
        {
          userId,
          clientId: input.clientId,
          conversationId,
          content: input.content,
          inputType: 'text',
        },
        otherId,
      );
    },

    /** An image, video or PDF (CHAT_MEDIA_POLICY), as a '[type file: name]' message. */
    async sendAttachment(
      userId: string,
      conversationId: string,
      upload: { filename: string; stream: Readable; clientId?: string },
    ) {
      const { message, created } = await storeAndAppend(userId, conversationId, upload, 'media');
      return { message, created };
    },

    /** A recorded voice message: '[Voice message]' with its audio, transcribed later. */
    async sendVoiceMessage(
      userId: string,
      conversationId: string,
      upload: { filename: string; stream: Readable; clientId?: string },
    ) {
      const result = await storeAndAppend(userId, conversationId, upload, 'voice');
      if (result.file && hooks.onVoiceMessageStored) {
        await hooks.onVoiceMessageStored(result.message, result.file).catch((error: unknown) => {
          log.error({ err: error, messageId: result.message.id }, 'voice message hook failed');
        });
      }
      return { message: result.message, created: result.created };
    },

    /**
     * For the speech module: puts a voice message's transcript in place of '[Voice message]'
     * and tells the conversation ('message.updated', with a new seq so resume carries it).
     */
    async applyTranscript(messageId: string, transcript: string) {
      const text = transcript.trim().slice(0, CONTENT_MAX_LENGTH);
      if (!text || !(await repository.updateMessageContent(messageId, text))) return null;
      const row = await repository.findMessage(messageId);
      if (!row) return null;
      const message = toMessage(row);
      await bus.publish({
        room: conversationRoom(message.conversation_id),
        name: 'message.updated',
        data: { message },
        seq: String(row.updatedSeq ?? row.seq),
      });
      return message;
    },

    /** Read receipts: moves the reader's position forward and tells the conversation. */
    async markRead(userId: string, conversationId: string, seq: string) {
      await access(userId, conversationId);
      const read = await repository.markRead(conversationId, userId, Number(seq), now());
      if (read.changed) {
        const data = {
          conversation_id: conversationId,
          user_id: userId,
          last_read_seq: read.lastReadSeq,
        };
        await bus.publish({ room: conversationRoom(conversationId), name: 'message.read', data });
        // The reader's other tabs clear the unread badge even without the conversation open.
        await bus.publish({ room: userRoom(userId), name: 'message.read', data });
      }
      return { last_read_seq: read.lastReadSeq };
    },

    async setTyping(userId: string, conversationId: string, typing: boolean) {
      await access(userId, conversationId);
      await bus.publish({
        room: conversationRoom(conversationId),
        name: 'typing.changed',
        data: { conversation_id: conversationId, user_id: userId, typing },
      });
    },

    /** For the data export: the user's conversations and the messages they sent. */
    async exportFor(userId: string) {
      const [rows, sent] = await Promise.all([
        repository.summaries(userId),
        repository.sentBy(userId),
      ]);
      return {
        conversations: rows.map(toConversation).map((c) => ({
          id: c.id,
          other_participant: c.other_participant,
          created_at: c.created_at,
        })),
        messages_sent: sent.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
      };
    },

    /** A chat file, only for participants of a conversation that carries it (404 otherwise). */
    async mediaFor(userId: string, fileId: string) {
      const file = UUID.test(fileId) ? await repository.findMediaFor(userId, fileId) : null;
      if (!file) throw notFound('File not found');
      return file;
    },
  };
}
