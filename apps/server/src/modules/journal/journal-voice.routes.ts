import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOURNAL_MESSAGES } from '@kaleido/shared/journal/journal.constants';
import { CreateVoiceJournalEntryFieldsSchema } from '@kaleido/shared/journal/journal.schemas';
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { requireSession, signedInUserId } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import { JOURNAL_LIMITS, type JournalLimits } from './journal-limits';
import type { JournalVoice } from './journal-voice.service';

const IdParams = z.object({ id: z.uuid() });

/** Voice entries: the recording uploaded, and played back (or downloaded) with ranges. */
export function registerJournalVoiceRoutes(
  app: FastifyInstance,
  deps: { voice: JournalVoice; files: Pick<FilesService, 'open'>; limits: JournalLimits },
) {
  const { voice, files, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Multipart: the fields (title, mood, privacyLevel, tags, durationMs) first, then the audio.
  const takesRecording = { auth: 'required', requires: ['audio_input'] } as const;
  r.post('/api/journal/voice-entries', { config: takesRecording }, async (request, reply) => {
    const { user } = requireSession(request);
    await limits.pace(JOURNAL_LIMITS.voiceEntries, user.id);
    const upload = await readUpload(request, {
      noFileMessage: JOURNAL_MESSAGES.noAudioFile,
      fields: CreateVoiceJournalEntryFieldsSchema,
    });
    const entry = await voice.createVoice(user.id, {
      ...upload.fields,
      filename: upload.filename,
      stream: upload.stream,
    });
    return reply.status(201).send(entry);
  });

  r.get(
    '/api/journal/entries/:id/audio',
    {
      config: { auth: 'required' },
      schema: { params: IdParams, querystring: z.object({ download: z.enum(['1']).optional() }) },
    },
    async (request, reply) => {
      const file = await voice.audioOf(signedInUserId(request), request.params.id);
      return sendFile(
        request,
        reply,
        await files.open(file, request.log),
        request.query.download === '1' ? 'attachment' : 'inline',
      );
    },
  );
}
