import { z } from 'zod';

/** A professional's private notes about a person they work with: never shown to the person. */

const Iso = z.string();

export const CareNoteSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: Iso,
  updatedAt: Iso,
});
export type CareNote = z.infer<typeof CareNoteSchema>;

export const CARE_NOTE_MAX = 10_000;
export const CareNoteBodySchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, 'A note cannot be empty')
    .max(CARE_NOTE_MAX, `A note must be at most ${CARE_NOTE_MAX} characters`),
});
