import type { Db } from '../../db/client';
import { createMailAttachmentsRepository } from './email-attachments.repository';
import { createMailDataRepository } from './email-data.repository';
import { createMailDraftsRepository } from './email-drafts.repository';
import { createMailFilingRepository } from './email-filing.repository';
import { createMailFoldersRepository } from './email-folders.repository';
import { createMailPeopleRepository } from './email-people.repository';
import { createMailSendingRepository } from './email-sending.repository';

export { prefixQuery } from './email-folders.repository';
export {
  MAIL_FILE_PURPOSE,
  type FolderCursor,
  type ListedRow,
  type MailMessageRow,
  type MailStateRow,
  type PersonRow,
} from './email-rows';

export type EmailRepository = ReturnType<typeof createEmailRepository>;

/**
 * The only place with the mailbox's SQL, one file per concept: drafts, sending, the people
 * behind addresses, folders (lists, search, threads), filing (flags, moves, trash),
 * attachments, and a person's mail as a whole. The email factories each take a `Pick` of it.
 */
export function createEmailRepository(db: Db) {
  const attachments = createMailAttachmentsRepository(db);
  return {
    ...createMailDraftsRepository(db),
    ...createMailSendingRepository(db),
    ...createMailPeopleRepository(db),
    ...createMailFoldersRepository(db),
    ...createMailFilingRepository(db, attachments),
    ...attachments,
    ...createMailDataRepository(db),
  };
}
