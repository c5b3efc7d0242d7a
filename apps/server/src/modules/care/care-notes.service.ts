import type { CareNote } from '@kaleido/shared/care/care-notes.schemas';
import { notFound } from '../../http/errors';
import type { CarePolicy } from './care-policy';
import type { CareNotesRepository } from './care-notes.repository';

export type CareNotes = ReturnType<typeof createCareNotes>;

/**
 * A professional's private notes about a person they work with now: never shown to the person,
 * in the professional's own export.
 */
export function createCareNotes(deps: {
  notes: CareNotesRepository;
  policy: CarePolicy;
  now: () => Date;
}) {
  const { notes: repository, policy } = deps;
  return {
    async notes(professionalId: string, personId: string): Promise<{ notes: CareNote[] }> {
      await policy.mayView(professionalId, personId);
      const rows = await repository.notes(professionalId, personId);
      return { notes: rows.map(noteOut) };
    },

    async addNote(professionalId: string, personId: string, content: string): Promise<CareNote> {
      await policy.mayView(professionalId, personId);
      return noteOut(await repository.addNote(professionalId, personId, content, deps.now()));
    },

    async updateNote(professionalId: string, id: string, content: string): Promise<CareNote> {
      const note = await repository.note(id);
      if (note?.professionalId !== professionalId) throw notFound('Note not found');
      return noteOut(await repository.updateNote(id, content, deps.now()));
    },

    async deleteNote(professionalId: string, id: string) {
      const note = await repository.note(id);
      if (note?.professionalId !== professionalId) throw notFound('Note not found');
      await repository.deleteNote(id);
      return { ok: true };
    },
  };
}

function noteOut(row: { id: string; content: string; createdAt: Date; updatedAt: Date }): CareNote {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
