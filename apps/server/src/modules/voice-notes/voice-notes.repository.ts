import { and, desc, eq, exists, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { profiles } from '../../db/schema/accounts';
import { voiceNoteDeliveries, voiceNotes, voiceNoteSettings } from '../../db/schema/speech';

export type VoiceNoteRow = typeof voiceNotes.$inferSelect;
export type Box = 'mine' | 'inbox' | 'sent';

export type VoiceNotesRepository = ReturnType<typeof createVoiceNotesRepository>;

/**
 * The notes themselves: recorded, listed by box and words, changed, deleted. Deliveries and
 * settings have their own repositories beside this one.
 */
export function createVoiceNotesRepository(db: Db) {
  return {
    async insert(
      row: Omit<VoiceNoteRow, 'id' | 'createdAt' | 'updatedAt' | 'transcriptEdited' | 'transcript'>,
      at: Date,
    ) {
      const rows = await db
        .insert(voiceNotes)
        .values({ ...row, createdAt: at, updatedAt: at })
        .returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('voice note insert returned no row');
      return inserted;
    },

    async find(id: string) {
      const rows = await db.select().from(voiceNotes).where(eq(voiceNotes.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async list(
      userId: string,
      filter: { box: Box; q?: string | undefined; from?: Date | undefined; to?: Date | undefined },
    ) {
      const conditions: SQL[] = [];
      const delivered = (who: SQL) =>
        exists(
          db
            .select({ one: sql`1` })
            .from(voiceNoteDeliveries)
            .where(and(eq(voiceNoteDeliveries.noteId, voiceNotes.id), who)),
        );
      if (filter.box === 'mine') conditions.push(eq(voiceNotes.ownerId, userId));
      if (filter.box === 'inbox')
        conditions.push(delivered(eq(voiceNoteDeliveries.recipientId, userId)));
      if (filter.box === 'sent')
        conditions.push(delivered(eq(voiceNoteDeliveries.senderId, userId)));
      if (filter.q) {
        const pattern = likeContaining(filter.q);
        const match = or(ilike(voiceNotes.title, pattern), ilike(voiceNotes.transcript, pattern));
        if (match) conditions.push(match);
      }
      if (filter.from) conditions.push(gte(voiceNotes.createdAt, filter.from));
      if (filter.to) conditions.push(lte(voiceNotes.createdAt, filter.to));
      return db
        .select({ note: voiceNotes, ownerName: profiles.fullName })
        .from(voiceNotes)
        .leftJoin(profiles, eq(profiles.userId, voiceNotes.ownerId))
        .where(and(...conditions))
        .orderBy(desc(voiceNotes.createdAt))
        .limit(200);
    },

    async update(
      id: string,
      changes: Partial<
        Pick<
          VoiceNoteRow,
          'title' | 'transcript' | 'transcriptStatus' | 'transcriptEdited' | 'fileId'
        >
      >,
      at: Date,
    ) {
      const rows = await db
        .update(voiceNotes)
        .set({ ...changes, updatedAt: at })
        .where(eq(voiceNotes.id, id))
        .returning();
      return rows[0] ?? null;
    },

    async delete(id: string) {
      await db.delete(voiceNotes).where(eq(voiceNotes.id, id));
    },

    /** What the user recorded, oldest first (the data export, analysis catching up). */
    async ownedBy(userId: string) {
      return db
        .select()
        .from(voiceNotes)
        .where(eq(voiceNotes.ownerId, userId))
        .orderBy(voiceNotes.createdAt);
    },

    /**
     * "Delete my data": the user's notes go for everyone (as when the recorder deletes one; their
     * deliveries cascade), what they received leaves their inbox, their choices reset. Returns
     * the audio files the notes held, for the caller to delete with their bytes.
     */
    async deleteDataOf(userId: string) {
      const removed = await db
        .delete(voiceNotes)
        .where(eq(voiceNotes.ownerId, userId))
        .returning({ fileId: voiceNotes.fileId });
      await db.delete(voiceNoteDeliveries).where(eq(voiceNoteDeliveries.recipientId, userId));
      await db.delete(voiceNoteSettings).where(eq(voiceNoteSettings.userId, userId));
      return removed.flatMap((r) => (r.fileId ? [r.fileId] : []));
    },
  };
}
