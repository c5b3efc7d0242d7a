import type { AnalysisSharedReads } from '../insights/analysis-shared.repository';
import type { JournalSharedReads } from '../journal/journal-shared.repository';
import type { VoiceNotesSharedReads } from '../voice-notes/voice-notes-shared.repository';

export type CareSharedReads = ReturnType<typeof createCareSharedReads>;

/** A period [from, to) for reports; absent, everything (up to the limit). */
export interface Period {
  from: Date;
  to: Date;
}

/**
 * What a person's data offers a professional: only moods, entries marked "Shared with clients",
 * transcripts and analysis figures, each read through the module that keeps it (their
 * *-shared.repository.ts; care queries none of their tables). Which of them may be read is
 * care-policy.ts's decision (item by item, care-readable.ts).
 */
export function createCareSharedReads(deps: {
  journal: Pick<JournalSharedReads, 'moods' | 'sharedEntries' | 'privacyLevels'>;
  voiceNotes: Pick<VoiceNotesSharedReads, 'transcripts'>;
  analysis: Pick<AnalysisSharedReads, 'analysedSince'>;
}) {
  return {
    /** The person's moods, newest first (only the mood and the date: never the text). */
    moods: (personId: string, limit: number, period?: Period) =>
      deps.journal.moods(personId, limit, period),

    /** Entries the person marked "Shared with clients", newest first. */
    sharedEntries: (personId: string, limit: number, period?: Period) =>
      deps.journal.sharedEntries(personId, limit, period),

    transcripts: (personId: string, limit: number, period?: Period) =>
      deps.voiceNotes.transcripts(personId, limit, period),

    /**
     * What analysis derived from the person's journal entries and voice notes since `from`
     * (values, never text), with each entry's privacy level: the alert rules' input.
     */
    async analysedSince(personId: string, from: Date, to?: Date) {
      const rows = await deps.analysis.analysedSince(personId, ['journal', 'voice_note'], from, to);
      const entryIds = rows.filter((r) => r.sourceKind === 'journal').map((r) => r.sourceId);
      const levels = await deps.journal.privacyLevels(personId, entryIds);
      return rows.map((row) => ({
        ...row,
        privacyLevel: row.sourceKind === 'journal' ? (levels.get(row.sourceId) ?? null) : null,
      }));
    },
  };
}
