import { z } from 'zod';

export const VOICE_NOTE_TITLE_MAX = 200;
export const VOICE_NOTE_TRANSCRIPT_MAX = 10_000;
/** Longest recording accepted: an hour. */
export const VOICE_NOTE_MAX_DURATION_MS = 60 * 60 * 1000;

export const VOICE_NOTE_BOXES = ['mine', 'inbox', 'sent'] as const;

export const VoiceNoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  durationMs: z.number(),
  createdAt: z.string(),
  transcript: z.string().nullable(),
  transcriptStatus: z.enum(['pending', 'done', 'failed', 'off']),
  transcriptEdited: z.boolean(),
  hasAudio: z.boolean(),
  /** Whose note it is (the sender, in an inbox). */
  owner: z.object({ id: z.string(), fullName: z.string() }),
  /** Who it was sent to (mine and sent). */
  recipients: z.array(z.object({ id: z.string(), fullName: z.string(), listened: z.boolean() })),
  /** For received notes: whether I have listened. */
  listened: z.boolean().nullable(),
});
export type VoiceNote = z.infer<typeof VoiceNoteSchema>;

export const VoiceNoteListQuerySchema = z.object({
  box: z.enum(VOICE_NOTE_BOXES).default('mine'),
  /** Words to find in titles and transcripts. */
  q: z.string().trim().max(200).optional(),
  /** Only notes created on or after / before these instants (the filters drawer). */
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});

/** Sent beside the audio file when a recording or upload is saved. */
export const CreateVoiceNoteFieldsSchema = z.object({
  title: z
    .string()
    .trim()
    .max(VOICE_NOTE_TITLE_MAX, `Title must be at most ${VOICE_NOTE_TITLE_MAX} characters`)
    .optional(),
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(VOICE_NOTE_MAX_DURATION_MS, 'Recordings can be at most an hour long'),
});

export const UpdateVoiceNoteBodySchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, 'Title cannot be empty')
      .max(VOICE_NOTE_TITLE_MAX, `Title must be at most ${VOICE_NOTE_TITLE_MAX} characters`)
      .optional(),
    transcript: z
      .string()
      .max(VOICE_NOTE_TRANSCRIPT_MAX, 'Transcript is too long (maximum 10,000 characters)')
      .optional(),
  })
  .refine((b) => b.title !== undefined || b.transcript !== undefined, 'Nothing to change');

export const SendVoiceNoteBodySchema = z.strictObject({
  recipientId: z.uuid('Choose someone to send it to'),
});

export const VoiceNoteSettingsSchema = z.object({
  autoTranscribe: z.boolean(),
  keepAudio: z.boolean(),
});
export const UpdateVoiceNoteSettingsBodySchema = z
  .strictObject({ autoTranscribe: z.boolean().optional(), keepAudio: z.boolean().optional() })
  .refine((b) => b.autoTranscribe !== undefined || b.keepAudio !== undefined, 'Nothing to change');

/** The default title: when it was recorded, in the recorder's words. */
export function defaultVoiceNoteTitle(at: Date): string {
  return `Voice note ${at.toISOString().slice(0, 16).replace('T', ' ')}`;
}
