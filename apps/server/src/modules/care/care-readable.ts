import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { AnalysisSharedReads } from '../insights/analysis-shared.repository';
import type { JournalSharedReads } from '../journal/journal-shared.repository';
import type { VoiceNotesSharedReads } from '../voice-notes/voice-notes-shared.repository';
import { refsByKind, sourceRef, type SourceRef } from '../content/provenance';

export type CareReadable = ReturnType<typeof createCareReadable>;

/**
 * Which of a person's items a professional may read now, item by item: the input of their grant
 * (derived-data-policy.ts). Each module that keeps the items answers for its own
 * (*-shared.repository.ts).
 */
export function createCareReadable(deps: {
  journal: Pick<JournalSharedReads, 'sharedTitles'>;
  voiceNotes: Pick<VoiceNotesSharedReads, 'transcribedTitles'>;
  analysis: Pick<AnalysisSharedReads, 'analysedRefs'>;
}) {
  return {
    /**
     * The person's items a professional with these scopes may read as text now, with their
     * current titles: entries marked "Shared with clients" (`shared_journal_entries`), voice
     * notes with a finished transcript (`voice_note_transcripts`). `refs`: only among these.
     */
    async textReadable(
      personId: string,
      scopes: readonly CareScope[],
      refs?: readonly SourceRef[],
    ): Promise<Map<SourceRef, string>> {
      const asked = refs ? refsByKind(refs) : null;
      const among = (kind: 'journal' | 'voice_note') =>
        asked ? (asked.get(kind) ?? []) : undefined;
      const readable = new Map<SourceRef, string>();
      if (scopes.includes('shared_journal_entries'))
        for (const row of await deps.journal.sharedTitles(personId, among('journal')))
          readable.set(sourceRef('journal', row.id), row.title);
      if (scopes.includes('voice_note_transcripts'))
        for (const row of await deps.voiceNotes.transcribedTitles(personId, among('voice_note')))
          readable.set(sourceRef('voice_note', row.id), row.title);
      return readable;
    },

    /** Which of these items of the person have an analysis now (figures to read). */
    analysedRefs: (personId: string, refs: readonly SourceRef[]) =>
      deps.analysis.analysedRefs(personId, refs),
  };
}
