import { z } from 'zod';
import { REPORT_FORMATS } from '../settings/settings.schemas';

/** Reports: one person, one period, in the professional's report_format. */
export const CareReportQuerySchema = z
  .strictObject({
    from: z.iso.date({ error: 'Please choose a start date' }),
    to: z.iso.date({ error: 'Please choose an end date' }),
    format: z.enum(REPORT_FORMATS).optional(),
  })
  .refine((q) => q.from <= q.to, {
    error: 'The start date must be before the end date',
    path: ['to'],
  });
export type CareReportQuery = z.infer<typeof CareReportQuerySchema>;
