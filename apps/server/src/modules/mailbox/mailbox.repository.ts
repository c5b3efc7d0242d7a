import type { Db } from '../../db/client';
import { createMailAttachmentsRepository } from './mailbox-attachments.repository';
import { createMailDataRepository } from './mailbox-data.repository';
import { createMailDraftsRepository } from './mailbox-drafts.repository';
import { createMailFoldersRepository } from './mailbox-folders.repository';

export { prefixQuery } from './mailbox-folders.repository';
export {
  MAIL_FILE_PURPOSE,
  type FolderCursor,
  type ListedRow,
  type MailMessageRow,
  type MailStateRow,
  type PersonRow,
} from './mailbox-rows';

export type MailboxRepository = ReturnType<typeof createMailboxRepository>;

/**
 * The only place with the mailbox's SQL, one file per concept: drafts and sending, folders
 * (lists, search, threads, moves, trash), attachments, and a person's mail as a whole.
 */
export function createMailboxRepository(db: Db) {
  const attachments = createMailAttachmentsRepository(db);
  return {
    ...createMailDraftsRepository(db),
    ...createMailFoldersRepository(db, attachments),
    ...attachments,
    ...createMailDataRepository(db),
  };
}
