import { z } from 'zod';

/** Where a found file lives, so the palette can say so and open it there. */
export const FILE_PLACES = ['chat', 'voice_note', 'journal', 'mail'] as const;

export const FileSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type what to look for').max(200),
});
export type FileSearchQuery = z.infer<typeof FileSearchQuerySchema>;

/** One of the person's files: its name and where it is ('Chat with Bob', 'Voice note …'). */
export const FileHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  place: z.enum(FILE_PLACES),
  placeLabel: z.string(),
  /** The page where the file is, e.g. '/app/chat/<id>'. */
  link: z.string(),
});
export type FileHit = z.infer<typeof FileHitSchema>;

export const FileSearchResultSchema = z.object({ files: z.array(FileHitSchema) });
export type FileSearchResult = z.infer<typeof FileSearchResultSchema>;
