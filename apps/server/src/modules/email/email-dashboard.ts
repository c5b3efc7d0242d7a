import { MAIL_MESSAGES } from '@kaleido/shared/email/email.schemas';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { createEmailDashboardRepository } from './email-dashboard.repository';

/**
 * Mail on the dashboard: the Emails card (the inbox and its unread), the days the person sent
 * mail (Activity Score) and the newest mail received or sent (Recent Activity).
 */
export function registerEmailDashboard(
  registry: DashboardRegistry,
  repository: ReturnType<typeof createEmailDashboardRepository>,
) {
  registry.register({
    channel: 'email',
    cards: async (userId) => ({ emails: await repository.inbox(userId) }),
    activeDays: (userId, from, to, timezone) => repository.activeDays(userId, from, to, timezone),
    recent: async (userId, limit) =>
      (await repository.newest(userId, limit)).map((mail) => {
        const subject = mail.subject.trim() || MAIL_MESSAGES.noSubject;
        return {
          id: `email:${mail.id}:${mail.folder === 'sent' ? 'sent' : 'received'}`,
          channel: 'email' as const,
          title:
            mail.folder === 'sent'
              ? `Email sent: ${subject}`
              : `Email from ${mail.sender ?? MAIL_MESSAGES.deletedUser}: ${subject}`,
          at: mail.at.toISOString(),
          link: `/app/email/${mail.folder}?message=${mail.id}`,
        };
      }),
  });
}
