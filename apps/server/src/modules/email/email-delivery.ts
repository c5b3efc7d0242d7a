import { z } from 'zod';
import type { MailMessage } from '@kaleido/shared/email/email.schemas';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { NotificationsService } from '../notifications/notifications.service';
import type { EmailRepository } from './email.repository';

export const MAIL_DELIVER_JOB = 'mail-deliver';

/** Where a 'New message' notification opens: the message in the inbox. */
export const notificationLink = (messageId: string) => `/app/email/inbox?message=${messageId}`;

/**
 * Telling the recipients of a sent letter (live event, bell): a job, so the send costs the same
 * whether its addresses reached one account, several or none (decision 045). The copies are in
 * their inboxes already (the send's transaction); this only announces them.
 */
export function createMailDelivery(deps: {
  jobs: Pick<JobQueue, 'define' | 'enqueue'>;
  repository: Pick<EmailRepository, 'recipientsOf' | 'people'>;
  bus: Pick<EventBus, 'publish'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The message as `userId` sees it (email reading's `get`). */
  view: (userId: string, messageId: string) => Promise<MailMessage>;
}) {
  const { repository } = deps;
  deps.jobs.define(
    MAIL_DELIVER_JOB,
    // `userId`: the sender, so a pending announcement goes with their data.
    { payload: z.object({ userId: z.uuid(), messageId: z.uuid() }), maxAttempts: 3 },
    async ({ userId, messageId }) => {
      const rows = await repository.recipientsOf([messageId]);
      const delivered = [...new Set(rows.map((r) => r.userId))].filter(
        (id): id is string => !!id && id !== userId,
      );
      if (delivered.length === 0) return;
      const sender = (await repository.people([userId]))[0];
      const senderName = sender?.fullName || sender?.email || 'Someone';
      for (const recipientId of delivered) {
        const message = await deps.view(recipientId, messageId);
        await deps.bus.publish({
          room: userRoom(recipientId),
          name: 'mail.received',
          data: { message },
        });
        // Only that a message arrived: never its subject or words (they may be private).
        await deps.notifications.notify(recipientId, {
          type: 'email',
          title: 'New message',
          message: `${senderName} sent you a message.`,
          link: notificationLink(messageId),
          emailLine: `${senderName} sent you a message.`,
        });
      }
    },
  );
  return {
    announce: (senderId: string, messageId: string) =>
      deps.jobs.enqueue(MAIL_DELIVER_JOB, { userId: senderId, messageId }).then(() => undefined),
  };
}
