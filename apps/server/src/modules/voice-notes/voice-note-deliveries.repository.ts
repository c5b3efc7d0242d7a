import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/accounts';
import { voiceNoteDeliveries, voiceNotes } from '../../db/schema/speech';

export type VoiceNoteDeliveriesRepository = ReturnType<typeof createVoiceNoteDeliveriesRepository>;

/** Notes sent to people: who received which, whether they listened, their inbox. */
export function createVoiceNoteDeliveriesRepository(db: Db) {
  const deliveryOf = (noteId: string, recipientId: string) =>
    and(eq(voiceNoteDeliveries.noteId, noteId), eq(voiceNoteDeliveries.recipientId, recipientId));

  return {
    async delivery(noteId: string, recipientId: string) {
      const rows = await db
        .select()
        .from(voiceNoteDeliveries)
        .where(deliveryOf(noteId, recipientId))
        .limit(1);
      return rows[0] ?? null;
    },

    async deliveriesOf(noteIds: string[]) {
      if (noteIds.length === 0) return [];
      return db
        .select({ delivery: voiceNoteDeliveries, recipientName: profiles.fullName })
        .from(voiceNoteDeliveries)
        .leftJoin(profiles, eq(profiles.userId, voiceNoteDeliveries.recipientId))
        .where(inArray(voiceNoteDeliveries.noteId, noteIds));
    },

    async removeDelivery(noteId: string, recipientId: string) {
      await db.delete(voiceNoteDeliveries).where(deliveryOf(noteId, recipientId));
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
        .where(deliveryOf(noteId, recipientId));
    },

    /** For the data export: what others sent the user. */
    async receivedBy(userId: string) {
      return db
        .select({ delivery: voiceNoteDeliveries, note: voiceNotes, ownerName: profiles.fullName })
        .from(voiceNoteDeliveries)
        .innerJoin(voiceNotes, eq(voiceNotes.id, voiceNoteDeliveries.noteId))
        .leftJoin(profiles, eq(profiles.userId, voiceNotes.ownerId))
        .where(eq(voiceNoteDeliveries.recipientId, userId))
        .orderBy(voiceNoteDeliveries.createdAt);
    },
  };
}
