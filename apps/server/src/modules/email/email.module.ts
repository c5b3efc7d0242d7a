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
import type { UsersService } from '../users/users.service';
import { registerEmailAccountData } from './email-account-data';
import { createEmailAttachments } from './email-attachments';
import { registerMailContent } from './email-content';
import { registerEmailDashboard } from './email-dashboard';
import { createEmailDashboardRepository } from './email-dashboard.repository';
import { createMailDelivery } from './email-delivery';
import { createEmailDrafts } from './email-drafts';
import { createEmailFilesRepository } from './email-files.repository';
import { createEmailFiling } from './email-filing';
import { createMailPresenter } from './email-presenter';
import { createEmailReading } from './email-reading';
import { createEmailSending } from './email-sending';
import { createEmailRepository } from './email.repository';
import { registerEmailRoutes } from './email.routes';

/** The job kind that empties everyone's trash of what has been there 30 days. */
export const MAIL_PURGE_JOB = 'mail-trash-purge';
/** How often the purge looks (the job reschedules itself). */
export const MAIL_PURGE_EVERY_MS = 60 * 60_000;

/**
 * The internal mailbox (modules/mailer is the outgoing SMTP/outbox, which this only uses through
 * notifications): its routes, the trash purge on the job queue, the user's data, mail as a
 * content source (analysis), its part of the dashboard and its attachments in 'Search Files'.
 */
export function registerEmail(
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
  const repository = createEmailRepository(deps.db);
  const presenter = createMailPresenter(repository, (viewerId, emails) =>
    deps.directory.namedFor(viewerId, emails),
  );
  const { bus, files, now } = deps;
  const reading = createEmailReading({ repository, presenter });
  const drafts = createEmailDrafts({ repository, files, bus, presenter, now });
  const attachments = createEmailAttachments({ repository, files, bus, presenter });
  const delivery = createMailDelivery({
    jobs: deps.jobs,
    repository,
    bus,
    notifications: deps.notifications,
    view: async (userId, messageId) => (await reading.get(userId, messageId)).message,
  });
  const sending = createEmailSending({
    repository,
    bus,
    content: deps.contentEvents,
    announce: (senderId, messageId) => delivery.announce(senderId, messageId),
    reading,
    now,
  });
  const filing = createEmailFiling({
    repository,
    files,
    bus,
    notifications: deps.notifications,
    content: deps.contentEvents,
    reading,
    now,
  });
  // What a person sends is theirs to have analysed (issue 13), like their chat messages.
  registerMailContent(deps.contentEvents, repository);
  registerEmailDashboard(deps.dashboard, createEmailDashboardRepository(deps.db));
  const attachmentFiles = createEmailFilesRepository(deps.db);
  deps.fileFinders.register((userId, text, limit) => attachmentFiles.named(userId, text, limit));
  registerEmailAccountData(deps.accountData, { repository, files, presenter });
  registerEmailRoutes(app, {
    reading,
    filing,
    drafts,
    sending,
    attachments,
    files,
    rateLimits: deps.rateLimits,
  });

  const schedulePurge = (runAt: Date) =>
    deps.jobs.enqueue(MAIL_PURGE_JOB, {}, { runAt, key: MAIL_PURGE_JOB });
  deps.jobs.define(MAIL_PURGE_JOB, { payload: z.object({}) }, async () => {
    await filing.purgeTrash();
    await schedulePurge(new Date(deps.now().getTime() + MAIL_PURGE_EVERY_MS));
  });
  // One pending purge across instances (the key), first run at start.
  app.addHook('onReady', async () => {
    await schedulePurge(deps.now());
  });
  return { reading };
}
