import type { FastifyBaseLogger } from 'fastify';
import { CONTENT_MAX_LENGTH } from '@kaleido/shared/chat/chat.schemas';
import type { TranscriptionQueue } from '../speech/transcription-queue';
import type { ChatEvents } from './chat-events';
import { toMessage } from './chat-records';
import type { MessagesRepository } from './messages.repository';

export type ChatTranscripts = ReturnType<typeof createChatTranscripts>;

/** The speech queue's name for chat voice messages (the `targetKind` of its transcription jobs). */
export const CHAT_TRANSCRIPTION_TARGET = 'chat-message';

/** A voice message's transcript: queued once the message is sent, put in place when ready. */
export function createChatTranscripts(deps: {
  messages: Pick<MessagesRepository, 'updateMessageContent' | 'findMessage'>;
  events: Pick<ChatEvents, 'messageUpdated'>;
  log: FastifyBaseLogger;
  /** Voice messages are transcribed by the speech queue (it survives restarts). */
  speech: Pick<TranscriptionQueue, 'enqueue'>;
}) {
  const { messages, events, log } = deps;

  return {
    /** Queues the transcription of a sent voice message's audio. */
    async queue(file: { id: string; ownerId: string }, messageId: string) {
      // A failed enqueue leaves '[Voice message]' with its audio: the message itself is sent.
      await deps.speech
        .enqueue({
          ownerId: file.ownerId,
          fileId: file.id,
          targetKind: CHAT_TRANSCRIPTION_TARGET,
          targetId: messageId,
        })
        .catch((error: unknown) => {
          log.error({ err: error, messageId }, 'could not queue transcription');
        });
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
  };
}
