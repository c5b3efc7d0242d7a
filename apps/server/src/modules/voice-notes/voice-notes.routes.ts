import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateVoiceNoteFieldsSchema,
  SendVoiceNoteBodySchema,
  UpdateVoiceNoteBodySchema,
  UpdateVoiceNoteSettingsBodySchema,
  VoiceNoteListQuerySchema,
} from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { badRequest } from '../../http/errors';
import { requireSession } from '../../http/session-guard';
import type { VoiceNotesService } from './voice-notes.service';

const IdParams = z.object({ id: z.uuid() });

export function registerVoiceNotesRoutes(app: FastifyInstance, voiceNotes: VoiceNotesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/voice-notes',
    { schema: { querystring: VoiceNoteListQuerySchema } },
    async (request) => {
      const { user } = requireSession(request);
      return { notes: await voiceNotes.list(user.id, request.query) };
    },
  );

  // Multipart: the fields (title, durationMs) first, then the audio file.
  r.post('/api/voice-notes', async (request, reply) => {
    const { user } = requireSession(request);
    const part = await request.file();
    if (!part) throw badRequest('Attach the audio as a file.');
    const fields = Object.fromEntries(
      Object.entries(part.fields).flatMap(([name, field]) =>
        field && !Array.isArray(field) && field.type === 'field'
          ? [[name, String(field.value)]]
          : [],
      ),
    );
    const parsed = CreateVoiceNoteFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      part.file.resume();
      throw badRequest(
        parsed.error.issues[0]?.message ?? 'Invalid voice note',
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    }
    const note = await voiceNotes.create(user.id, {
      ...parsed.data,
      filename: part.filename,
      stream: part.file,
    });
    return reply.status(201).send(note);
  });

  r.get('/api/voice-notes/settings', async (request) =>
    voiceNotes.settings(requireSession(request).user.id),
  );

  r.patch(
    '/api/voice-notes/settings',
    { schema: { body: UpdateVoiceNoteSettingsBodySchema } },
    async (request) => voiceNotes.updateSettings(requireSession(request).user.id, request.body),
  );

  r.get('/api/voice-notes/:id', { schema: { params: IdParams } }, async (request) =>
    voiceNotes.get(requireSession(request).user.id, request.params.id),
  );

  r.patch(
    '/api/voice-notes/:id',
    { schema: { params: IdParams, body: UpdateVoiceNoteBodySchema } },
    async (request) =>
      voiceNotes.update(requireSession(request).user.id, request.params.id, request.body),
  );

  r.delete('/api/voice-notes/:id', { schema: { params: IdParams } }, async (request) => {
    await voiceNotes.remove(requireSession(request).user.id, request.params.id);
    return { ok: true };
  });

  r.post(
    '/api/voice-notes/:id/send',
    { schema: { params: IdParams, body: SendVoiceNoteBodySchema } },
    async (request) =>
      voiceNotes.send(requireSession(request).user.id, request.params.id, request.body.recipientId),
  );

  r.post('/api/voice-notes/:id/transcribe', { schema: { params: IdParams } }, async (request) =>
    voiceNotes.transcribeAgain(requireSession(request).user.id, request.params.id),
  );

  r.get(
    '/api/voice-notes/:id/audio',
    { schema: { params: IdParams, querystring: z.object({ download: z.enum(['1']).optional() }) } },
    async (request, reply) =>
      voiceNotes.sendAudio(
        requireSession(request).user.id,
        request.params.id,
        request,
        reply,
        request.query.download === '1',
      ),
  );
}
