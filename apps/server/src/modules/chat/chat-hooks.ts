import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { FileRow } from '../files/files.repository';

/** Where other modules plug into chat (wired in app.ts). */
export interface ChatHooks {
  /**
   * A voice message was stored. The speech module queues its transcription here and, when the
   * text is ready, calls `chat.applyTranscript(message.id, text)`, which replaces
   * '[Voice message]' in place and publishes 'message.updated'.
   */
  onVoiceMessageStored?(message: Message, file: FileRow): Promise<void>;
}
