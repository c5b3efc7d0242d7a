import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TranscribeAudioBodySchema,
  TRANSCRIBE_MAX_AUDIO_BYTES,
} from '@kaleido/shared/speech/speech.schemas';
import { requireSession } from '../../http/session-guard';
import type { SpeechService } from './speech.service';

export function registerSpeechRoutes(app: FastifyInstance, speech: SpeechService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/speech/status', { config: { auth: 'required', passive: true } }, async (request) => {
    requireSession(request);
    return speech.status();
  });

  // The spec's transcribe-audio function: { audio: base64 webm } → { text }.
  r.post(
    '/api/speech/transcribe',
    {
      // 13 MB of JSON is not read, let alone parsed, for someone who is not signed in.
      config: { auth: 'required', requires: ['audio_input'] },
      schema: { body: TranscribeAudioBodySchema },
      bodyLimit: Math.ceil((TRANSCRIBE_MAX_AUDIO_BYTES * 4) / 3) + 1024,
    },
    async (request) => {
      const { user } = requireSession(request);
      return {
        text: await speech.transcribeNow(user.id, Buffer.from(request.body.audio, 'base64')),
      };
    },
  );
}
