import { z } from 'zod';

/** Whether this server can transcribe, with what, and how much work is waiting. */
export const SpeechStatusSchema = z.object({
  available: z.boolean(),
  engine: z.enum(['pocketsphinx', 'openai-compatible']).nullable(),
  /** What is in use, or how to turn transcription on. */
  detail: z.string(),
  queue: z.object({ queued: z.number(), running: z.number(), failed: z.number() }),
});
export type SpeechStatus = z.infer<typeof SpeechStatusSchema>;

/**
 * Longest audio the server decodes. Decoding expands audio about tenfold or more (2 MB of FLAC
 * silence is hours of WAV), so the duration is checked before and capped during decoding.
 * The spec's transcribe-audio takes a dictation; queued audio may be a whole voice note (an hour).
 */
export const TRANSCRIBE_NOW_MAX_SECONDS = 10 * 60;
export const TRANSCRIBE_QUEUED_MAX_SECONDS = 60 * 60;

/** The spec's transcribe-audio function body: base64 of webm audio. 10 MB of audio at most. */
export const TRANSCRIBE_MAX_AUDIO_BYTES = 10 * 1024 * 1024;
export const TranscribeAudioBodySchema = z.strictObject({
  audio: z
    .string()
    .min(1, 'No audio was sent.')
    .max(
      Math.ceil((TRANSCRIBE_MAX_AUDIO_BYTES * 4) / 3) + 4,
      'The recording is too long to transcribe at once.',
    )
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The audio must be base64.'),
});

/** The audio capture settings of SPEC §7: webm/opus, echo cancellation, noise suppression, auto gain. */
export const AUDIO_CAPTURE = {
  mimeType: 'audio/webm;codecs=opus',
  sampleRate: 44_100,
  timesliceMs: 1000,
  constraints: {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    sampleRate: 44_100,
  },
} as const;
