import { and, desc, eq, gte, inArray, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { Emotion } from '@kaleido/shared/insights/insights.constants';
import type { Db } from '../../db/client';
import { analysisItems } from '../../db/schema/analysis';
import { journalEntries } from '../../db/schema/journal';
import { voiceNotes } from '../../db/schema/speech';

export type CareSharedReads = ReturnType<typeof createCareSharedReads>;

/** A period [from, to) for reports; absent, everything (up to the limit). */
export interface Period {
  from: Date;
  to: Date;
}

/** The rows of a report's period, [from, to); no condition without one. */
const within = (column: AnyColumn, period: Period | undefined) =>
  period ? and(gte(column, period.from), lt(column, period.to)) : undefined;

/**
 * What a person's data offers a professional: only moods, entries marked "Shared with clients",
 * transcripts and analysis figures; which of them may be read is care-policy.ts's decision (item
 * by item, care-readable.repository.ts).
 */
export function createCareSharedReads(db: Db) {
  return {
    /** The person's moods, newest first (only the mood and the date: never the text). */
    async moods(personId: string, limit: number, period?: Period) {
      return db
        .select({ mood: journalEntries.mood, createdAt: journalEntries.createdAt })
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, personId), within(journalEntries.createdAt, period)))
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },

    /** Entries the person marked "Shared with clients", newest first. */
    async sharedEntries(personId: string, limit: number, period?: Period) {
      return db
        .select({
          id: journalEntries.id,
          title: journalEntries.title,
          content: journalEntries.content,
          mood: journalEntries.mood,
          privacyLevel: journalEntries.privacyLevel,
          createdAt: journalEntries.createdAt,
        })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.userId, personId),
            eq(journalEntries.privacyLevel, 'shared_with_clients'),
            within(journalEntries.createdAt, period),
          ),
        )
        .orderBy(desc(journalEntries.createdAt))
        .limit(limit);
    },

    async transcripts(personId: string, limit: number, period?: Period) {
      return db
        .select({
          id: voiceNotes.id,
          title: voiceNotes.title,
          transcript: voiceNotes.transcript,
          createdAt: voiceNotes.createdAt,
        })
        .from(voiceNotes)
        .where(
          and(
            eq(voiceNotes.ownerId, personId),
            eq(voiceNotes.transcriptStatus, 'done'),
            within(voiceNotes.createdAt, period),
          ),
        )
        .orderBy(desc(voiceNotes.createdAt))
        .limit(limit);
    },

    /**
     * What analysis derived from the person's journal entries and voice notes since `from`
     * (values, never text), with each entry's privacy level: the alert rules' input.
     */
    async analysedSince(personId: string, from: Date, to?: Date) {
      return db
        .select({
          sourceKind: analysisItems.sourceKind,
          sourceId: analysisItems.sourceId,
          occurredAt: analysisItems.occurredAt,
          valence: analysisItems.valence,
          mood: analysisItems.mood,
          emotions: sql<
            Partial<Record<Emotion, { score: number }>>
          >`${analysisItems.result}->'emotions'`,
          privacyLevel: journalEntries.privacyLevel,
        })
        .from(analysisItems)
        .leftJoin(
          journalEntries,
          and(
            eq(analysisItems.sourceKind, 'journal'),
            sql`${journalEntries.id}::text = ${analysisItems.sourceId}`,
          ),
        )
        .where(
          and(
            eq(analysisItems.userId, personId),
            inArray(analysisItems.sourceKind, ['journal', 'voice_note']),
            sql`${analysisItems.occurredAt} > ${from.toISOString()}`,
            to ? lt(analysisItems.occurredAt, to) : undefined,
          ),
        )
        .orderBy(desc(analysisItems.occurredAt));
    },
  };
}
