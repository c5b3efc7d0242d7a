import { MAIL_TRASH_DAYS, type MailAction } from '@kaleido/shared/email/email.schemas';
import type { EventBus } from '../../realtime/event-bus';
import type { ContentEvents } from '../content/content-events';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { publishChanged, removeUnusedFiles } from './email-changes';
import { notificationLink } from './email-delivery';
import type { EmailReading } from './email-reading';
import type { EmailRepository } from './email.repository';

export type EmailFiling = ReturnType<typeof createEmailFiling>;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Filing one's copies: read and starred, moves between folders, the trash emptied by hand or,
 * after 30 days, by the purge job. A copy deleted for good takes its unused files with it.
 */
export function createEmailFiling(deps: {
  repository: Pick<EmailRepository, 'update' | 'move' | 'deleteFromTrash' | 'unusedFiles'>;
  files: Pick<FilesService, 'remove'>;
  bus: Pick<EventBus, 'publish'>;
  notifications: Pick<NotificationsService, 'markReadLinked'>;
  /** Says "deleted" when a sender's own copy goes for good. */
  content?: Pick<ContentEvents, 'deleted'>;
  /** The counts an action answers with. */
  reading: Pick<EmailReading, 'counts'>;
  now: () => Date;
}) {
  const { repository: repo, now } = deps;

  /** Copies deleted for good: files no message carries go, and what senders wrote is gone. */
  async function deletedForGood(removed: {
    fileIds: string[];
    authored: { userId: string; id: string }[];
  }) {
    await removeUnusedFiles(deps, removed.fileIds);
    for (const { userId, id } of removed.authored)
      await deps.content?.deleted({ userId, kind: 'mail', id });
  }

  return {
    async act(userId: string, ids: string[], action: MailAction) {
      let updated: string[];
      switch (action) {
        case 'read':
        case 'unread':
          updated = await repo.update(userId, ids, { read: action === 'read' });
          // Read here, so its bell notification is seen too.
          if (action === 'read')
            await deps.notifications.markReadLinked(userId, 'email', updated.map(notificationLink));
          break;
        case 'star':
        case 'unstar':
          updated = await repo.update(userId, ids, { starred: action === 'star' });
          break;
        case 'delete': {
          // For good, from the trash only.
          const removed = await repo.deleteFromTrash(userId, ids);
          await deletedForGood(removed);
          updated = removed.messageIds;
          break;
        }
        case 'archive':
        case 'inbox':
        case 'trash':
        case 'restore':
          updated = await repo.move(userId, ids, action, now());
      }
      if (updated.length > 0) await publishChanged(deps.bus, userId, updated);
      return { updated, ...(await deps.reading.counts(userId)) };
    },

    async emptyTrash(userId: string) {
      const removed = await repo.deleteFromTrash(userId, null);
      await deletedForGood(removed);
      if (removed.messageIds.length > 0) await publishChanged(deps.bus, userId, removed.messageIds);
      return { deleted: removed.messageIds.length };
    },

    /** Everyone's trash older than 30 days, for good (the purge job). */
    async purgeTrash() {
      const before = new Date(now().getTime() - MAIL_TRASH_DAYS * DAY_MS);
      const removed = await repo.deleteFromTrash(null, null, before);
      await deletedForGood(removed);
      return removed.messageIds.length;
    },
  };
}
