import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import type { RoomRegistry } from '../../realtime/rooms';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SpeechService } from '../speech/speech.service';
import { registerChatAccountData } from './chat-account-data';
import { chatTranscriptionHooks, registerChatTranscriptionTarget } from './chat-transcription';
import { registerChatRoutes } from './chat.routes';
import { createChatService } from './chat.service';
import { createConversationsRepository } from './conversations.repository';
import { createMessagesRepository } from './messages.repository';

/**
 * Chat and everything it plugs into: its routes, the 'conversation' room, the speech queue
 * (voice message transcripts) and the user's data (export, deletion).
 */
export function registerChat(
  app: FastifyInstance,
  deps: {
    db: Db;
    files: FilesService;
    bus: EventBus;
    notifications: NotificationsService;
    speech: SpeechService;
    rooms: RoomRegistry;
    accountData: AccountDataRegistry;
    now: () => Date;
  },
) {
  const chat = createChatService({
    conversations: createConversationsRepository(deps.db),
    messages: createMessagesRepository(deps.db),
    files: deps.files,
    bus: deps.bus,
    notifications: deps.notifications,
    log: app.log,
    now: deps.now,
    hooks: chatTranscriptionHooks(deps.speech),
  });
  deps.rooms.register('conversation', chat.room);
  registerChatTranscriptionTarget(deps.speech, chat);
  registerChatAccountData(deps.accountData, chat);
  registerChatRoutes(app, { chat, files: deps.files });
  return chat;
}
