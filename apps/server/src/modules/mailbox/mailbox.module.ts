import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { AccountDataRegistry } from '../account/account-data.registry';
import type { ContentEvents } from '../content/content-events';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { FileFinders } from '../files/file-finders';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import { registerMailboxAccountData } from './mailbox-account-data';
import { registerMailContent } from './mailbox-content';
import { registerMailboxDashboard } from './mailbox-dashboard';
import { createMailboxDashboardRepository } from './mailbox-dashboard.repository';
import { createMailboxFilesRepository } from './mailbox-files.repository';
import { createMailboxRepository } from './mailbox.repository';
import { registerMailboxRoutes } from './mailbox.routes';
import { createMailboxService } from './mailbox.service';

import type { UsersService } from '../users/users.service';
import { createMailDelivery } from './mailbox-delivery';
/** The job kind that empties everyone's trash of what has been there 30 days. */
export const MAIL_PURGE_JOB = 'mail-trash-purge';
/** How often the purge looks (the job reschedules itself). */
export const MAIL_PURGE_EVERY_MS = 60 * 60_000;

/**
 * The internal mailbox (modules/mail is the outgoing SMTP/outbox, which this only uses through
 * notifications): its routes, the trash purge on the job queue, the user's data, mail as a
 * content source (analysis), its part of the dashboard and its attachments in 'Search Files'.
 */
export function registerMailbox(
  app: FastifyInstance,
  deps: {
    db: Db;
    files: FilesService;
    fileFinders: FileFinders;
    bus: EventBus;
    notifications: Pick<NotificationsService, 'notify' | 'markReadLinked'>;
    accountData: AccountDataRegistry;
    rateLimits: RateLimitService;
    jobs: JobQueue;
    contentEvents: ContentEvents;
    dashboard: DashboardRegistry;
    directory: Pick<UsersService, 'namedFor'>;
    now: () => Date;
  },
) {
  const repository = createMailboxRepository(deps.db);
  const mailbox = createMailboxService({
    repository,
    files: deps.files,
    bus: deps.bus,
    notifications: deps.notifications,
    content: deps.contentEvents,
    announce: (senderId, messageId) => delivery.announce(senderId, messageId),
    namedFor: (viewerId, emails) => deps.directory.namedFor(viewerId, emails),
    now: deps.now,
  });
  const delivery = createMailDelivery({
    jobs: deps.jobs,
    repository,
    bus: deps.bus,
    notifications: deps.notifications,
    view: async (userId, messageId) => (await mailbox.get(userId, messageId)).message,
  });
  // What a person sends is theirs to have analysed (issue 13), like their chat messages.
  registerMailContent(deps.contentEvents, repository);
  registerMailboxDashboard(deps.dashboard, createMailboxDashboardRepository(deps.db));
  const attachments = createMailboxFilesRepository(deps.db);
  deps.fileFinders.register((userId, text, limit) => attachments.named(userId, text, limit));
  registerMailboxAccountData(deps.accountData, mailbox);
  registerMailboxRoutes(app, { mailbox, files: deps.files, rateLimits: deps.rateLimits });

  const schedulePurge = (runAt: Date) =>
    deps.jobs.enqueue(MAIL_PURGE_JOB, {}, { runAt, key: MAIL_PURGE_JOB });
  deps.jobs.define(MAIL_PURGE_JOB, { payload: z.object({}) }, async () => {
    await mailbox.purgeTrash();
    await schedulePurge(new Date(deps.now().getTime() + MAIL_PURGE_EVERY_MS));
  });
  // One pending purge across instances (the key), first run at start.
  app.addHook('onReady', async () => {
    await schedulePurge(deps.now());
  });
  return mailbox;
}
