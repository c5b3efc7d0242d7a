import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../realtime/event-bus';
import type { RoomRegistry } from '../../realtime/rooms';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FileFinders } from '../files/file-finders';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { SpeechService } from '../speech/speech.service';
import { registerChatAccountData } from './chat-account-data';
import { createChatFilesRepository } from './chat-files.repository';
import { registerChatRoutes } from './chat.routes';
import { registerChatContent, withContentEvents } from './chat-content';
import { createChatRealtime } from './chat-events';
import { CHAT_TRANSCRIPTION_TARGET, createChatService } from './chat.service';
import { createConversationsRepository } from './conversations.repository';
import { createMessagesRepository } from './messages.repository';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import { registerChatDashboard } from './chat-dashboard';
import { createChatDashboardRepository } from './chat-dashboard.repository';

/**
 * Chat and everything it plugs into: its routes, the 'conversation' room, the speech queue
 * (voice message transcripts) and the user's data (export, deletion).
 */
export function registerChat(
  app: FastifyInstance,
  deps: {
    db: Db;
    files: FilesService;
    fileFinders: FileFinders;
    bus: EventBus;
    notifications: NotificationsService;
    speech: SpeechService;
    rooms: RoomRegistry;
    accountData: AccountDataRegistry;
    dashboard: DashboardRegistry;
    rateLimits: RateLimitService;
    contentEvents: ContentEvents;
    now: () => Date;
  },
) {
  const messages = createMessagesRepository(deps.db);
  const chat = createChatService({
    conversations: createConversationsRepository(deps.db),
    messages,
    files: deps.files,
    events: withContentEvents(
      createChatRealtime({ bus: deps.bus, notifications: deps.notifications, log: app.log }),
      deps.contentEvents,
    ),
    log: app.log,
    now: deps.now,
    speech: deps.speech,
  });
  deps.rooms.register('conversation', chat.room);
  // The transcript replaces '[Voice message]' in place; a failed one leaves it with its audio.
  deps.speech.registerTarget(CHAT_TRANSCRIPTION_TARGET, {
    onTranscribed: async (messageId, text) => {
      await chat.applyTranscript(messageId, text);
    },
  });
  registerChatAccountData(deps.accountData, chat);
  const chatFiles = createChatFilesRepository(deps.db);
  deps.fileFinders.register((userId, text, limit) => chatFiles.named(userId, text, limit));
  registerChatContent(deps.contentEvents, messages);
  registerChatDashboard(deps.dashboard, createChatDashboardRepository(deps.db));
  registerChatRoutes(app, { chat, files: deps.files, rateLimits: deps.rateLimits });
  return chat;
}
