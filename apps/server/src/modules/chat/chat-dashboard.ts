import { RECENT_CHATS_DAYS } from '@kaleido/shared/dashboard/dashboard.constants';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { createChatDashboardRepository } from './chat-dashboard.repository';

/**
 * Chat on the dashboard: Recent Chats (conversations with a message in the last 7 days, and the
 * change against the same count at the end of yesterday), the days the person sent a message,
 * and the newest messages in Recent Activity.
 */
export function registerChatDashboard(
  registry: DashboardRegistry,
  repository: ReturnType<typeof createChatDashboardRepository>,
) {
  registry.register({
    channel: 'chat',
    cards: async (userId, periods) => {
      const { current, previous } = await repository.activeConversations(
        userId,
        { from: periods.dayStart(1 - RECENT_CHATS_DAYS), to: periods.dayStart(1) },
        { from: periods.dayStart(-RECENT_CHATS_DAYS), to: periods.dayStart(0) },
      );
      return { recentChats: { count: current, changeFromYesterday: current - previous } };
    },
    activeDays: (userId, from, to, timezone) => repository.activeDays(userId, from, to, timezone),
    recent: async (userId, limit) =>
      (await repository.newest(userId, limit)).map((message) => ({
        id: `chat:${message.id}`,
        channel: 'chat' as const,
        title:
          message.sender_id === userId
            ? `Message sent to ${message.other_name}`
            : `New chat message from ${message.other_name}`,
        at: message.at.toISOString(),
        link: `/app/chat/${message.conversation_id}`,
      })),
  });
}
