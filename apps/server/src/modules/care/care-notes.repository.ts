import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { careNotes } from '../../db/schema/care';

export type CareNotesRepository = ReturnType<typeof createCareNotesRepository>;

/** A professional's private notes about the people they work with. */
export function createCareNotesRepository(db: Db) {
  return {
    async notes(professionalId: string, personId: string) {
      return db
        .select()
        .from(careNotes)
        .where(and(eq(careNotes.professionalId, professionalId), eq(careNotes.personId, personId)))
        .orderBy(desc(careNotes.createdAt));
    },

    async addNote(professionalId: string, personId: string, content: string, now: Date) {
      const rows = await db
        .insert(careNotes)
        .values({ professionalId, personId, content, createdAt: now, updatedAt: now })
        .returning();
      const [row] = rows;
      if (!row) throw new Error('note not written');
      return row;
    },

    async note(id: string) {
      const rows = await db.select().from(careNotes).where(eq(careNotes.id, id));
      return rows[0] ?? null;
    },

    async updateNote(id: string, content: string, now: Date) {
      const rows = await db
        .update(careNotes)
        .set({ content, updatedAt: now })
        .where(eq(careNotes.id, id))
        .returning();
      const [row] = rows;
      if (!row) throw new Error('note not written');
      return row;
    },

    async deleteNote(id: string) {
      await db.delete(careNotes).where(eq(careNotes.id, id));
    },
  };
}
