import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FilesService } from '../files/files.service';
import type { JournalAccountDataRepository } from './journal-account-data.repository';
import { toEntry } from './journal-entry-kit';

/**
 * The journal's part of export and deletion: entries (with their audio ids and transcripts), the
 * edit history, tags and drafts. Everything here is the user's alone, so "delete my data" removes
 * all of it, audio with its bytes; deleting the account cascades every row.
 */
export function registerJournalAccountData(
  registry: AccountDataRegistry,
  deps: {
    repository: JournalAccountDataRepository;
    files: Pick<FilesService, 'find' | 'remove'>;
  },
) {
  const { repository, files } = deps;

  /** The account export: entries with tags and audio ids, their history, tags, drafts. */
  async function exportFor(userId: string) {
    const all = await repository.everythingOf(userId);
    return {
      entries: all.entries.map((e) => ({
        ...toEntry(e, all.entryTags.get(e.id) ?? []),
        transcript: e.transcript,
        audio_file_id: e.audioFileId,
        duration_ms: e.durationMs,
      })),
      history: all.versions.map((v) => ({
        entry_id: v.entryId,
        title: v.title,
        content: v.content,
        mood: v.mood,
        privacy_level: v.privacyLevel,
        tags: v.tags,
        edited_at: v.editedAt.toISOString(),
      })),
      tags: all.tags,
      drafts: all.drafts.map((d) => ({
        key: d.entryKey,
        draft: d.draft,
        updated_at: d.updatedAt.toISOString(),
      })),
    };
  }

  async function deleteDataOf(userId: string) {
    const fileIds = await repository.deleteDataOf(userId);
    const audio = await Promise.all(fileIds.map((id) => files.find(id)));
    await files.remove(audio.filter((file) => file !== null));
  }

  registry.register({
    section: 'journal',
    tables: [
      'journal_entries',
      'journal_entry_versions',
      'journal_tags',
      'journal_entry_tags',
      'journal_drafts',
    ],
    export: exportFor,
    deleteData: deleteDataOf,
  });
}
