import type { AccountDataRegistry } from '../account/account-data.registry';
import type { JournalService } from './journal.service';

/**
 * The journal's part of export and deletion: entries (with their audio ids and transcripts), the
 * edit history, tags and drafts. Everything here is the user's alone, so "delete my data" removes
 * all of it, audio with its bytes; deleting the account cascades every row.
 */
export function registerJournalAccountData(
  registry: AccountDataRegistry,
  journal: Pick<JournalService, 'exportFor' | 'deleteDataOf'>,
) {
  registry.register({
    section: 'journal',
    tables: [
      'journal_entries',
      'journal_entry_versions',
      'journal_tags',
      'journal_entry_tags',
      'journal_drafts',
    ],
    export: (userId) => journal.exportFor(userId),
    deleteData: (userId) => journal.deleteDataOf(userId),
  });
}
