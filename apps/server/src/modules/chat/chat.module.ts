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
import type { TranscriptionQueue } from '../speech/transcription-queue';
import { registerChatAccountData } from './chat-account-data';
import { createChatFilesRepository } from './chat-files.repository';
import { registerChatRoutes } from './chat.routes';
import { registerChatContent, withContentEvents } from './chat-content';
import { createChatRealtime } from './chat-events';
import { createChatConversations, type ChatConversations } from './chat-conversations';
import { createChatReading } from './chat-reading';
import { createChatSending, type ChatSending } from './chat-sending';
import {
  CHAT_TRANSCRIPTION_TARGET,
  createChatTranscripts,
  type ChatTranscripts,
} from './chat-transcripts';
import { createConversationRoom } from './chat-room';
import { createConversationsRepository } from './conversations.repository';
import { createMessagesRepository } from './messages.repository';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import { registerChatDashboard } from './chat-dashboard';
import { createChatDashboardRepository } from './chat-dashboard.repository';

/** What the seed command and tests call: start a conversation, send, apply a transcript. */
export type ChatForOthers = Pick<ChatConversations, 'createConversation'> &
  Pick<ChatSending, 'sendMessage'> &
  Pick<ChatTranscripts, 'applyTranscript'>;

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
    speech: TranscriptionQueue;
    rooms: RoomRegistry;
    accountData: AccountDataRegistry;
    dashboard: DashboardRegistry;
    rateLimits: RateLimitService;
    contentEvents: ContentEvents;
    now: () => Date;
  },
) {
  const conversations = createConversationsRepository(deps.db);
  const messages = createMessagesRepository(deps.db);
  const events = withContentEvents(
    createChatRealtime({ bus: deps.bus, notifications: deps.notifications, log: app.log }),
    deps.contentEvents,
  );
  const now = deps.now;
  const chatConversations = createChatConversations({ conversations, messages, events, now });
  const reading = createChatReading({ conversations, messages, events, now });
  const transcripts = createChatTranscripts({
    messages,
    events,
    log: app.log,
    speech: deps.speech,
  });
  const sending = createChatSending({
    conversations,
    messages,
    files: deps.files,
    events,
    now,
    transcripts,
  });
  deps.rooms.register('conversation', createConversationRoom({ conversations, messages }));
  // The transcript replaces '[Voice message]' in place; a failed one leaves it with its audio.
  deps.speech.registerTarget(CHAT_TRANSCRIPTION_TARGET, {
    onTranscribed: async (messageId, text) => {
      await transcripts.applyTranscript(messageId, text);
    },
  });
  registerChatAccountData(deps.accountData, chatConversations);
  const chatFiles = createChatFilesRepository(deps.db);
  deps.fileFinders.register((userId, text, limit) => chatFiles.named(userId, text, limit));
  registerChatContent(deps.contentEvents, messages);
  registerChatDashboard(deps.dashboard, createChatDashboardRepository(deps.db));
  registerChatRoutes(app, {
    conversations: chatConversations,
    reading,
    sending,
    files: deps.files,
    rateLimits: deps.rateLimits,
  });
  const forOthers: ChatForOthers = {
    createConversation: (userId, input) => chatConversations.createConversation(userId, input),
    sendMessage: (userId, conversationId, input) =>
      sending.sendMessage(userId, conversationId, input),
    applyTranscript: (messageId, text) => transcripts.applyTranscript(messageId, text),
  };
  return forOthers;
}
