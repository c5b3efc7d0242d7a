import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callTranscriptLines } from '../../db/schema/calls';

export type TranscriptLineRow = typeof callTranscriptLines.$inferSelect;
export type CallTranscriptsRepository = ReturnType<typeof createCallTranscriptsRepository>;

/** The only place with the SQL of calls' transcript lines. */
export function createCallTranscriptsRepository(db: Db) {
  return {
    async insert(row: typeof callTranscriptLines.$inferInsert): Promise<TranscriptLineRow> {
      const [inserted] = await db.insert(callTranscriptLines).values(row).returning();
      if (!inserted) throw new Error('transcript line not inserted');
      return inserted;
    },

    async find(id: string): Promise<TranscriptLineRow | null> {
      const rows = await db
        .select()
        .from(callTranscriptLines)
        .where(eq(callTranscriptLines.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Both people's lines of a call, in the order they were spoken. */
    async ofCall(callId: string): Promise<TranscriptLineRow[]> {
      return db
        .select()
        .from(callTranscriptLines)
        .where(eq(callTranscriptLines.callId, callId))
        .orderBy(asc(callTranscriptLines.spokenAt), asc(callTranscriptLines.createdAt));
    },

    /** The lines of these calls (an export), in spoken order. */
    async ofCalls(callIds: string[]): Promise<TranscriptLineRow[]> {
      if (!callIds.length) return [];
      return db
        .select()
        .from(callTranscriptLines)
        .where(inArray(callTranscriptLines.callId, callIds))
        .orderBy(asc(callTranscriptLines.spokenAt), asc(callTranscriptLines.createdAt));
    },

    /** When this person's latest piece of the call arrived (null: none). */
    async lastPieceAt(callId: string, ownerId: string): Promise<Date | null> {
      const rows = await db
        .select({ createdAt: callTranscriptLines.createdAt })
        .from(callTranscriptLines)
        .where(
          and(eq(callTranscriptLines.callId, callId), eq(callTranscriptLines.ownerId, ownerId)),
        )
        .orderBy(desc(callTranscriptLines.createdAt))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },

    async ownedBy(userId: string): Promise<TranscriptLineRow[]> {
      return db.select().from(callTranscriptLines).where(eq(callTranscriptLines.ownerId, userId));
    },

    async update(
      id: string,
      patch: Partial<Pick<TranscriptLineRow, 'text' | 'status' | 'edited' | 'fileId'>>,
      at: Date,
    ): Promise<TranscriptLineRow | null> {
      const [row] = await db
        .update(callTranscriptLines)
        .set({ ...patch, updatedAt: at })
        .where(eq(callTranscriptLines.id, id))
        .returning();
      return row ?? null;
    },

    /** "Delete my data": the person's lines go (the other's stay); their pieces' file ids. */
    async deleteOwnedBy(userId: string): Promise<string[]> {
      const rows = await db
        .delete(callTranscriptLines)
        .where(and(eq(callTranscriptLines.ownerId, userId)))
        .returning({ fileId: callTranscriptLines.fileId });
      return rows.flatMap((row) => (row.fileId ? [row.fileId] : []));
    },
  };
}
