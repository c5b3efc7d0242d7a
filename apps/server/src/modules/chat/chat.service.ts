import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_MESSAGES, CONTENT_MAX_LENGTH, type Message } from '@kaleido/shared/chat/chat.schemas';
import { AUDIO_UPLOAD_POLICY, CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FilesService } from '../files/files.service';
import type { ChatEvents } from './chat-events';
import { mediaInputType, mediaUrl, toConversation, toMessage } from './chat-records';
import { createConversationRoom, UUID } from './chat-room';
import type { ConversationsRepository } from './conversations.repository';
import type { SpeechService } from '../speech/speech.service';
import type { MessagesRepository, NewMessage } from './messages.repository';

export type ChatService = ReturnType<typeof createChatService>;

interface Upload {
  filename: string;
  stream: Readable;
  clientId?: string;
}

/** The speech queue's name for chat voice messages (the `targetKind` of its transcription jobs). */
export const CHAT_TRANSCRIPTION_TARGET = 'chat-message';

/**
 * Conversations between two people and their messages. Someone who is not a participant gets
 * 404, whether or not the conversation exists.
 */
export function createChatService(deps: {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  files: FilesService;
  /** What happened, for the realtime layer to tell the right rooms. */
  events: ChatEvents;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Voice messages are transcribed by the speech queue (it survives restarts). */
  speech: Pick<SpeechService, 'enqueue'>;
}) {
  const { conversations, messages, events, log } = deps;
  const now = deps.now ?? (() => new Date());
  const conversationNotFound = () => notFound(CHAT_MESSAGES.conversationNotFound);

  async function access(userId: string, conversationId: string) {
    const conversation = UUID.test(conversationId)
      ? await conversations.findConversationFor(userId, conversationId)
      : null;
    if (!conversation) throw conversationNotFound();
    return conversation;
  }

  async function summary(userId: string, conversationId: string) {
    const [row] = await conversations.summaries(userId, conversationId);
    if (!row) throw conversationNotFound();
    return toConversation(row);
  }

  /** The message this sender already sent with `clientId` (idempotent retries). */
  async function earlierSend(userId: string, conversationId: string, clientId: string) {
    const row = await messages.findMessageByClientId(userId, clientId);
    if (!row) return null;
    if (row.conversationId !== conversationId)
      throw conflict(CHAT_MESSAGES.clientIdReused, 'CLIENT_ID_REUSED');
    return toMessage(row);
  }

  /**
   * Appends a message (the participant check is part of the insert) and announces it; a
   * clientId already used answers the first message instead, announced once already.
   */
  async function append(
    row: Omit<NewMessage, 'at'>,
  ): Promise<{ message: Message; created: boolean }> {
    if (!UUID.test(row.conversationId)) throw conversationNotFound();
    const outcome = await messages.append({ ...row, at: now() });
    if (outcome.kind === 'refused') throw conversationNotFound();
    if (outcome.kind === 'repeated') {
      const earlier = await earlierSend(row.userId, row.conversationId, row.clientId);
      if (!earlier) throw new Error('client id conflict without an earlier message');
      return { message: earlier, created: false };
    }
    const message = toMessage(outcome.record);
    const otherId = outcome.participants.find((id) => id !== row.userId) ?? null;
    await events.messageCreated(message, otherId);
    return { message, created: true };
  }

  async function storeAndAppend(
    userId: string,
    conversationId: string,
    upload: Upload,
    kind: 'media' | 'voice',
  ) {
    await access(userId, conversationId);
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
      const result = await append({
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
      });
      // A concurrent retry won the race: keep its file, drop ours.
      if (!result.created) await deps.files.remove([file]);
      return { ...result, file: result.created ? file : null };
    } catch (error) {
      await deps.files.remove([file]);
      throw error;
    }
  }

  return {
    room: createConversationRoom({ conversations, messages }),

    async listConversations(userId: string) {
      const rows = await conversations.summaries(userId);
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
      if (!(await conversations.userExists(otherId))) throw notFound(CHAT_MESSAGES.userNotFound);
      const inserted = await conversations.insertConversation({
        participantOneId: userId,
        participantTwoId: otherId,
        title: input.title || null,
        at: now(),
      });
      const row = inserted ?? (await conversations.findConversationBetween(userId, otherId));
      if (!row) throw new Error('conversation neither inserted nor found');
      const conversation = await summary(userId, row.id);
      if (inserted) {
        await events.conversationStarted([userId, otherId], {
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
      const rows = await messages.listMessages(conversationId, {
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
      return append({
        userId,
        clientId: input.clientId,
        conversationId,
        content: input.content,
        inputType: 'text',
      });
    },

    /** An image, video or PDF (CHAT_MEDIA_POLICY), as a '[type file: name]' message. */
    async sendAttachment(userId: string, conversationId: string, upload: Upload) {
      const { message, created } = await storeAndAppend(userId, conversationId, upload, 'media');
      return { message, created };
    },

    /** A recorded voice message: '[Voice message]' with its audio, transcribed later. */
    async sendVoiceMessage(userId: string, conversationId: string, upload: Upload) {
      const result = await storeAndAppend(userId, conversationId, upload, 'voice');
      if (result.file) {
        // A failed enqueue leaves '[Voice message]' with its audio: the message itself is sent.
        await deps.speech
          .enqueue({
            ownerId: result.file.ownerId,
            fileId: result.file.id,
            targetKind: CHAT_TRANSCRIPTION_TARGET,
            targetId: result.message.id,
          })
          .catch((error: unknown) => {
            log.error(
              { err: error, messageId: result.message.id },
              'could not queue transcription',
            );
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
      if (!text || !(await messages.updateMessageContent(messageId, text))) return null;
      const row = await messages.findMessage(messageId);
      if (!row) return null;
      const message = toMessage(row);
      await events.messageUpdated(message, String(row.updatedSeq ?? row.seq));
      return message;
    },

    /** Read receipts: moves the reader's position forward and tells the conversation. */
    async markRead(userId: string, conversationId: string, seq: string) {
      await access(userId, conversationId);
      const read = await conversations.markRead(conversationId, userId, Number(seq), now());
      if (read.changed) {
        const data = {
          conversation_id: conversationId,
          user_id: userId,
          last_read_seq: read.lastReadSeq,
        };
        await events.readPositionMoved(data);
      }
      return { last_read_seq: read.lastReadSeq };
    },

    async setTyping(userId: string, conversationId: string, typing: boolean) {
      await access(userId, conversationId);
      await events.typingChanged({ conversation_id: conversationId, user_id: userId, typing });
    },

    /** For the data export: the user's conversations and the messages they sent. */
    async exportFor(userId: string) {
      const [rows, sent] = await Promise.all([
        conversations.summaries(userId),
        messages.sentBy(userId),
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
      const file = UUID.test(fileId) ? await conversations.findMediaFor(userId, fileId) : null;
      if (!file) throw notFound('File not found');
      return file;
    },
  };
}
