import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CHAT_MESSAGES, type Message } from '@kaleido/shared/chat/chat.schemas';
import { AUDIO_UPLOAD_POLICY, CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { conflict } from '../../http/errors';
import type { FilesService } from '../files/files.service';
import { conversationNotFound, participantConversation } from './chat-access';
import type { ChatEvents } from './chat-events';
import type { ChatTranscripts } from './chat-transcripts';
import { mediaInputType, mediaUrl, toMessage } from './chat-records';
import { UUID } from './chat-room';
import type { ConversationsRepository } from './conversations.repository';
import type { NewMessage } from './message-append.repository';
import type { MessagesRepository } from './messages.repository';

export type ChatSending = ReturnType<typeof createChatSending>;

interface Upload {
  filename: string;
  stream: Readable;
  clientId?: string;
}

/**
 * Messages sent into a conversation: text, a file, a voice message. A retried send with the
 * same clientId answers the first message.
 */
export function createChatSending(deps: {
  conversations: Pick<ConversationsRepository, 'findConversationFor'>;
  messages: MessagesRepository;
  files: FilesService;
  /** What happened, for the realtime layer to tell the right rooms. */
  events: Pick<ChatEvents, 'messageCreated'>;
  now: () => Date;
  /** A sent voice message's audio is queued for its transcript. */
  transcripts: Pick<ChatTranscripts, 'queue'>;
}) {
  const { conversations, messages, events, now } = deps;

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
    await participantConversation(conversations, userId, conversationId);
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
      if (result.file) await deps.transcripts.queue(result.file, result.message.id);
      return { message: result.message, created: result.created };
    },
  };
}
