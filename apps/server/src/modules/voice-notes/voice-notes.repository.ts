import { and, desc, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FileHit } from '@kaleido/shared/files/file-search.schemas';
import type { Db } from '../../db/client';
import { likeContaining } from '../../db/like';
import { profiles } from '../../db/schema/accounts';
import { files } from '../../db/schema/files';
import { voiceNoteDeliveries, voiceNotes, voiceNoteSettings } from '../../db/schema/speech';

export type VoiceNoteRow = typeof voiceNotes.$inferSelect;
export type Box = 'mine' | 'inbox' | 'sent';

export type VoiceNotesRepository = ReturnType<typeof createVoiceNotesRepository>;

export function createVoiceNotesRepository(db: Db) {
  return {
    /** The person's own notes with a recording, by title: what 'Search Files' shows of them. */
    async recordingsTitled(ownerId: string, text: string, limit: number): Promise<FileHit[]> {
      const rows = await db
        .select({
          id: files.id,
          title: voiceNotes.title,
          mime: files.mime,
          sizeBytes: files.sizeBytes,
          createdAt: voiceNotes.createdAt,
        })
        .from(voiceNotes)
        .innerJoin(files, eq(files.id, voiceNotes.fileId))
        .where(and(eq(voiceNotes.ownerId, ownerId), ilike(voiceNotes.title, likeContaining(text))))
        .orderBy(desc(voiceNotes.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        name: row.title,
        mime: row.mime,
        sizeBytes: row.sizeBytes,
        createdAt: row.createdAt.toISOString(),
        place: 'voice_note' as const,
        placeLabel: 'Voice Notes',
        link: '/app/voice-notes',
      }));
    },

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

    async delivery(noteId: string, recipientId: string) {
      const rows = await db
        .select()
        .from(voiceNoteDeliveries)
        .where(
          and(
            eq(voiceNoteDeliveries.noteId, noteId),
            eq(voiceNoteDeliveries.recipientId, recipientId),
          ),
        )
        .limit(1);
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

    async deliveriesOf(noteIds: string[]) {
      if (noteIds.length === 0) return [];
      return db
        .select({ delivery: voiceNoteDeliveries, recipientName: profiles.fullName })
        .from(voiceNoteDeliveries)
        .leftJoin(profiles, eq(profiles.userId, voiceNoteDeliveries.recipientId))
        .where(inArray(voiceNoteDeliveries.noteId, noteIds));
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

    async removeDelivery(noteId: string, recipientId: string) {
      await db
        .delete(voiceNoteDeliveries)
        .where(
          and(
            eq(voiceNoteDeliveries.noteId, noteId),
            eq(voiceNoteDeliveries.recipientId, recipientId),
          ),
        );
    },

    async addDelivery(noteId: string, senderId: string, recipientId: string, at: Date) {
      await db
        .insert(voiceNoteDeliveries)
        .values({ noteId, senderId, recipientId, createdAt: at })
        .onConflictDoNothing();
    },

    async markListened(noteId: string, recipientId: string, at: Date) {
      await db
        .update(voiceNoteDeliveries)
        .set({ listenedAt: at })
        .where(
          and(
            eq(voiceNoteDeliveries.noteId, noteId),
            eq(voiceNoteDeliveries.recipientId, recipientId),
          ),
        );
    },

    /** For the data export: what the user recorded, and what others sent them. */
    async ownedBy(userId: string) {
      return db
        .select()
        .from(voiceNotes)
        .where(eq(voiceNotes.ownerId, userId))
        .orderBy(voiceNotes.createdAt);
    },

    async receivedBy(userId: string) {
      return db
        .select({ delivery: voiceNoteDeliveries, note: voiceNotes, ownerName: profiles.fullName })
        .from(voiceNoteDeliveries)
        .innerJoin(voiceNotes, eq(voiceNotes.id, voiceNoteDeliveries.noteId))
        .leftJoin(profiles, eq(profiles.userId, voiceNotes.ownerId))
        .where(eq(voiceNoteDeliveries.recipientId, userId))
        .orderBy(voiceNoteDeliveries.createdAt);
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

    async settings(userId: string) {
      const rows = await db
        .select()
        .from(voiceNoteSettings)
        .where(eq(voiceNoteSettings.userId, userId))
        .limit(1);
      return rows[0] ?? { userId, autoTranscribe: true, keepAudio: true };
    },

    async saveSettings(
      userId: string,
      changes: { autoTranscribe?: boolean | undefined; keepAudio?: boolean | undefined },
    ) {
      const current = await this.settings(userId);
      const next = {
        userId,
        autoTranscribe: changes.autoTranscribe ?? current.autoTranscribe,
        keepAudio: changes.keepAudio ?? current.keepAudio,
      };
      await db
        .insert(voiceNoteSettings)
        .values(next)
        .onConflictDoUpdate({
          target: voiceNoteSettings.userId,
          set: { autoTranscribe: next.autoTranscribe, keepAudio: next.keepAudio },
        });
      return next;
    },
  };
}
