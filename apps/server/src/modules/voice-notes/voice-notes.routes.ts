import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateVoiceNoteFieldsSchema,
  SendVoiceNoteBodySchema,
  UpdateVoiceNoteBodySchema,
  VoiceNoteListQuerySchema,
} from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { requireSession, signedInUserId } from '../../http/session-guard';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { VoiceNoteRecording } from './voice-note-recording';
import type { VoiceNoteSending } from './voice-note-sending';
import type { VoiceNoteTranscripts } from './voice-note-transcripts';
import type { VoiceNotes } from './voice-notes.service';

/** Each send notifies another person: generous for a person, a wall for a flood. */
export const VOICE_NOTE_SEND_LIMIT: RateLimitRule = {
  bucket: 'voice-note-send',
  max: 30,
  windowSeconds: 60,
  message: 'You are sending voice notes too fast. Please wait a minute and try again.',
};

/**
 * Recording a note (security probe 2, N8): a person records a few a day; a script uploading
 * 50 MB files as fast as it can is stopped here, before the body is read, and by the quota.
 */
export const VOICE_NOTE_UPLOAD_LIMIT: RateLimitRule = {
  bucket: 'voice-note-upload',
  max: 30,
  windowSeconds: 600,
  message: 'You are recording voice notes too fast. Please wait a few minutes and try again.',
};

const IdParams = z.object({ id: z.uuid() });

/** The notes: listed, recorded, read, changed, deleted, sent, transcribed again, played. */
export function registerVoiceNotesRoutes(
  app: FastifyInstance,
  deps: {
    notes: VoiceNotes;
    recording: VoiceNoteRecording;
    sending: VoiceNoteSending;
    transcripts: VoiceNoteTranscripts;
    rateLimits: Pick<RateLimitService, 'consume'>;
  },
) {
  const { notes, recording, sending, transcripts, rateLimits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/voice-notes',
    { config: { auth: 'required' }, schema: { querystring: VoiceNoteListQuerySchema } },
    async (request) => {
      const { user } = requireSession(request);
      return { notes: await notes.list(user.id, request.query) };
    },
  );

  // Multipart: the fields (title, durationMs) first, then the audio file.
  const takesRecording = { auth: 'required', requires: ['audio_input'] } as const;
  r.post('/api/voice-notes', { config: takesRecording }, async (request, reply) => {
    const { user } = requireSession(request);
    await rateLimits.consume(VOICE_NOTE_UPLOAD_LIMIT, user.id);
    const upload = await readUpload(request, {
      noFileMessage: 'Attach the audio as a file.',
      fields: CreateVoiceNoteFieldsSchema,
    });
    const note = await recording.create(user.id, {
      ...upload.fields,
      filename: upload.filename,
      stream: upload.stream,
    });
    return reply.status(201).send(note);
  });

  r.get(
    '/api/voice-notes/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => notes.get(signedInUserId(request), request.params.id),
  );

  r.patch(
    '/api/voice-notes/:id',
    { config: { auth: 'required' }, schema: { params: IdParams, body: UpdateVoiceNoteBodySchema } },
    async (request) => notes.update(signedInUserId(request), request.params.id, request.body),
  );

  r.delete(
    '/api/voice-notes/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => {
      await notes.remove(signedInUserId(request), request.params.id);
      return { ok: true };
    },
  );

  r.post(
    '/api/voice-notes/:id/send',
    { config: { auth: 'required' }, schema: { params: IdParams, body: SendVoiceNoteBodySchema } },
    async (request) => {
      const { user } = requireSession(request);
      await rateLimits.consume(VOICE_NOTE_SEND_LIMIT, user.id);
      return sending.send(user.id, request.params.id, request.body.recipientId);
    },
  );

  r.post(
    '/api/voice-notes/:id/listened',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => {
      await notes.markListened(signedInUserId(request), request.params.id);
      return { ok: true };
    },
  );

  r.post(
    '/api/voice-notes/:id/transcribe',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => transcripts.transcribeAgain(signedInUserId(request), request.params.id),
  );

  r.get(
    '/api/voice-notes/:id/audio',
    {
      config: { auth: 'required' },
      schema: { params: IdParams, querystring: z.object({ download: z.enum(['1']).optional() }) },
    },
    async (request, reply) => {
      const file = await notes.openAudio(signedInUserId(request), request.params.id, request.log);
      return sendFile(
        request,
        reply,
        file,
        request.query.download === '1' ? 'attachment' : 'inline',
      );
    },
  );
}
