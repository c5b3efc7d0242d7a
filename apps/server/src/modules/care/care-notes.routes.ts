import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CareNoteBodySchema } from '@kaleido/shared/care/care-notes.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { CareNotes } from './care-notes.service';

const IdParams = z.object({ id: z.uuid() });
const PersonParams = z.object({ userId: z.uuid() });
const auth = { auth: 'required' as const };

/** A professional's private notes about a person they work with. */
export function registerCareNoteRoutes(app: FastifyInstance, notes: CareNotes) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/care/people/:userId/notes',
    { config: auth, schema: { params: PersonParams } },
    async (request) => notes.notes(signedInUserId(request), request.params.userId),
  );

  r.post(
    '/api/care/people/:userId/notes',
    { config: auth, schema: { params: PersonParams, body: CareNoteBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await notes.addNote(signedInUserId(request), request.params.userId, request.body.content),
        ),
  );

  r.patch(
    '/api/care/notes/:id',
    { config: auth, schema: { params: IdParams, body: CareNoteBodySchema } },
    async (request) =>
      notes.updateNote(signedInUserId(request), request.params.id, request.body.content),
  );

  r.delete('/api/care/notes/:id', { config: auth, schema: { params: IdParams } }, async (request) =>
    notes.deleteNote(signedInUserId(request), request.params.id),
  );
}
