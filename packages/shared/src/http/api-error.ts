import { z } from 'zod';

/** The one error body every failing API response carries. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  /** Field-level problems, keyed by a dotted path ('' for the body itself). */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A stable machine-readable code where the client must react to a specific failure. */
  code: z.string().optional(),
  requestId: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export { CSRF_HEADER } from './http.constants';
