import { getTableColumns } from 'drizzle-orm';
import { mailMessages, type mailStates } from '../../db/schema/mailbox';

// The tsvector is the database's business: never read back into the app.
const { search: _search, ...columns } = getTableColumns(mailMessages);
/** A message's columns as the app reads them (all but the search index). */
export const messageColumns = columns;
export type MailMessageRow = Omit<typeof mailMessages.$inferSelect, 'search'>;
export type MailStateRow = typeof mailStates.$inferSelect;

/** The purpose of a file stored as a mail attachment. */
export const MAIL_FILE_PURPOSE = 'mail-attachment';

export interface ListedRow {
  message: MailMessageRow;
  state: MailStateRow;
}

export interface PersonRow {
  userId: string;
  fullName: string;
  email: string;
}

/** A position in a folder, newest first: after the row at `at` with id `id`. */
export interface FolderCursor {
  at: Date;
  id: string;
}
