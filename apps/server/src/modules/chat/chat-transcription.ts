import type { SpeechService } from '../speech/speech.service';
import type { ChatHooks } from './chat-hooks';
import type { ChatService } from './chat.service';

/** The speech queue's name for chat voice messages (`transcription_jobs.target_kind`). */
export const CHAT_TRANSCRIPTION_TARGET = 'chat-message';

/**
 * Voice messages are transcribed by the speech module's job queue (it survives restarts and is
 * shared by instances); the transcript replaces '[Voice message]' in place ('message.updated').
 * A failed transcription leaves '[Voice message]' with its audio.
 */
export function chatTranscriptionHooks(speech: Pick<SpeechService, 'enqueue'>): ChatHooks {
  return {
    async onVoiceMessageStored(message, file) {
      await speech.enqueue({
        ownerId: file.ownerId,
        fileId: file.id,
        targetKind: CHAT_TRANSCRIPTION_TARGET,
        targetId: message.id,
      });
    },
  };
}

export function registerChatTranscriptionTarget(
  speech: Pick<SpeechService, 'registerTarget'>,
  chat: ChatService,
) {
  speech.registerTarget(CHAT_TRANSCRIPTION_TARGET, {
    async onTranscribed(messageId, text) {
      await chat.applyTranscript(messageId, text);
    },
  });
}
