import { getTableColumns } from 'drizzle-orm';
import { journalEntries } from '../../db/schema/journal';

// The tsvectors are the database's business: never read back into the app.
export const {
  search: _search,
  searchPairs: _searchPairs,
  ...entryColumns
} = getTableColumns(journalEntries);
export type JournalEntryRow = Omit<typeof journalEntries.$inferSelect, 'search' | 'searchPairs'>;
export type NewJournalEntry = Omit<
  typeof journalEntries.$inferInsert,
  'id' | 'search' | 'searchPairs' | 'createdAt' | 'updatedAt'
>;
export type EntryChanges = Partial<
  Pick<
    JournalEntryRow,
    | 'title'
    | 'content'
    | 'mood'
    | 'privacyLevel'
    | 'emotionalState'
    | 'transcript'
    | 'transcriptStatus'
    | 'contentEdited'
    | 'audioFileId'
  >
>;
