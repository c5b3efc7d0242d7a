import { and, eq, inArray, or } from 'drizzle-orm';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { Db } from '../../db/client';
import { analysisItems } from '../../db/schema/analysis';
import { journalEntries } from '../../db/schema/journal';
import { voiceNotes } from '../../db/schema/speech';
import { parseSourceRef, sourceRef, type SourceRef } from '../content/provenance';

export type CareReadable = ReturnType<typeof createCareReadable>;

/** The ids of each kind among these refs (ill-formed refs name nothing). */
function idsByKind(refs: readonly string[]): Map<SourceKind, string[]> {
  const byKind = new Map<SourceKind, string[]>();
  for (const ref of refs) {
    const parsed = parseSourceRef(ref);
    if (!parsed) continue;
    byKind.set(parsed.kind, [...(byKind.get(parsed.kind) ?? []), parsed.id]);
  }
  return byKind;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which of a person's items a professional may read now, item by item: the input of their grant
 * (derived-data-policy.ts).
 */
export function createCareReadable(db: Db) {
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
      const asked = refs ? idsByKind(refs) : null;
      // Ids are uuids in these tables: anything else names no row (and would not cast).
      const among = (kind: SourceKind) => (asked?.get(kind) ?? []).filter((id) => UUID.test(id));
      const readable = new Map<SourceRef, string>();
      const entryIds = among('journal');
      if (scopes.includes('shared_journal_entries') && (!asked || entryIds.length > 0))
        for (const row of await db
          .select({ id: journalEntries.id, title: journalEntries.title })
          .from(journalEntries)
          .where(
            and(
              eq(journalEntries.userId, personId),
              eq(journalEntries.privacyLevel, 'shared_with_clients'),
              asked ? inArray(journalEntries.id, entryIds) : undefined,
            ),
          ))
          readable.set(sourceRef('journal', row.id), row.title);
      const noteIds = among('voice_note');
      if (scopes.includes('voice_note_transcripts') && (!asked || noteIds.length > 0))
        for (const row of await db
          .select({ id: voiceNotes.id, title: voiceNotes.title })
          .from(voiceNotes)
          .where(
            and(
              eq(voiceNotes.ownerId, personId),
              eq(voiceNotes.transcriptStatus, 'done'),
              asked ? inArray(voiceNotes.id, noteIds) : undefined,
            ),
          ))
          readable.set(sourceRef('voice_note', row.id), row.title);
      return readable;
    },

    /** Which of these items of the person have an analysis now (figures to read). */
    async analysedRefs(personId: string, refs: readonly SourceRef[]): Promise<Set<SourceRef>> {
      const byKind = idsByKind(refs);
      if (byKind.size === 0) return new Set();
      const rows = await db
        .select({ kind: analysisItems.sourceKind, id: analysisItems.sourceId })
        .from(analysisItems)
        .where(
          and(
            eq(analysisItems.userId, personId),
            or(
              ...[...byKind].map(([kind, ids]) =>
                and(eq(analysisItems.sourceKind, kind), inArray(analysisItems.sourceId, ids)),
              ),
            ),
          ),
        );
      return new Set(rows.map((r) => sourceRef(r.kind, r.id)));
    },
  };
}
