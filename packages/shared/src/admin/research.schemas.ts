import { z } from 'zod';
import { COHORT_FILTERS } from './admin.schemas';

/**
 * Research releases are differentially private (decision 042-research-differential-privacy):
 * every released number carries two-sided geometric noise calibrated to what one person can
 * change in a release, and every week of data has a privacy budget that releases spend.
 */
/** A released cell or total must read at least this many people after noise (post-processing). */
export const RESEARCH_K = 5;
/** ε of one fresh release (aggregates or export; the export reuses the aggregates' release). */
export const RESEARCH_EPSILON = 1;
/** The total ε any one week of data can ever be released with. */
export const RESEARCH_WEEK_BUDGET = 4;
/** (week, source) activity cells one person counts in at most (their busiest). */
export const RESEARCH_ACTIVITY_CELLS = 3;
/**
 * What one person can change in a release (L1): 1 on the total, 1 mood cell (their dominant
 * mood), 1 emotion cell (their dominant emotion), up to RESEARCH_ACTIVITY_CELLS activity cells.
 */
export const RESEARCH_SENSITIVITY = 3 + RESEARCH_ACTIVITY_CELLS;
export const RESEARCH_NOISE = 'two-sided geometric';
/** The research date filter (SPEC §9), in whole completed weeks: last 1, 4 (default) or 13 weeks, or custom dates. */
export const RESEARCH_RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type ResearchRange = (typeof RESEARCH_RANGES)[number];
export const RESEARCH_RANGE_WEEKS = { '7d': 1, '30d': 4, '90d': 13 } as const;
export const RESEARCH_MAX_DAYS = 366;
export const RESEARCH_EXPORT_OFF_MESSAGE =
  'Research export is available when the compliance mode is research.';
export const DATASET_TAG_MISSING_MESSAGE =
  'Give the dataset a tag (or set Dataset Tag in your admin profile) before exporting.';
export const RESEARCH_NO_WEEK_MESSAGE =
  'Research covers whole weeks (Monday to Sunday, UTC) that have ended: choose dates that include at least one completed week.';
/** The refusal when a week's privacy budget would be overspent; names the weeks. */
export const researchBudgetSpentMessage = (weeks: string[]) =>
  `Refused to protect privacy: the week${weeks.length > 1 ? 's' : ''} of ${weeks.join(', ')} ${
    weeks.length > 1 ? 'have' : 'has'
  } already been released ${RESEARCH_WEEK_BUDGET / RESEARCH_EPSILON} times (privacy budget ε ${RESEARCH_WEEK_BUDGET} spent). ` +
  'A new release would let answers be compared until one person stands out. Choose other weeks, or repeat an earlier query while its data is unchanged.';

const researchFields = {
  range: z.enum(RESEARCH_RANGES).default('30d'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  cohort: z.enum(COHORT_FILTERS).default('all'),
};
type ResearchFields = { range: ResearchRange; from?: string; to?: string };
const customDatesValid = (q: ResearchFields) =>
  q.range !== 'custom' ||
  (!!q.from &&
    !!q.to &&
    q.from <= q.to &&
    (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < RESEARCH_MAX_DAYS);
const customDatesMessage = {
  message: `A custom range needs a start and an end date, at most ${RESEARCH_MAX_DAYS} days apart`,
  path: ['from'],
};

export const ResearchQuerySchema = z
  .object(researchFields)
  .refine(customDatesValid, customDatesMessage);
export type ResearchQuery = z.infer<typeof ResearchQuerySchema>;

export const DatasetTagSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Letters, digits, dot, dash and underscore; at most 64');

export const ResearchExportQuerySchema = z
  .object({
    ...researchFields,
    format: z.enum(['json', 'csv']).default('json'),
    datasetTag: DatasetTagSchema.optional(),
  })
  .refine(customDatesValid, customDatesMessage);
export type ResearchExportQuery = z.infer<typeof ResearchExportQuerySchema>;

/** One released cell: how many people (noisy, always ≥ k) have this as their dominant value. */
export interface ResearchCell {
  value: string;
  people: number;
}
/** How many people (noisy, ≥ k) were active in a week through a source. */
export interface ResearchActivityCell {
  week: string;
  source: string;
  people: number;
}

/** How a release was protected, and what is left of the budget of its weeks. */
export interface ResearchPrivacy {
  mechanism: typeof RESEARCH_NOISE;
  epsilon: number;
  sensitivity: number;
  weekBudget: number;
  /** True when an earlier release of the same weeks, cohort and unchanged data was served again (it costs nothing). */
  reused: boolean;
  /** ε spent so far on each week of the range, this release included. */
  spent: { week: string; epsilon: number }[];
}

export interface ResearchAggregates {
  /** Whole weeks: from a Monday (inclusive) to a Monday (exclusive), UTC. */
  range: { from: string; to: string };
  cohort: (typeof COHORT_FILTERS)[number];
  k: number;
  /** Consenting people with data in the range (noisy); null when below k. */
  people: number | null;
  mood: ResearchCell[];
  emotion: ResearchCell[];
  activity: ResearchActivityCell[];
  /** Cells whose noisy count is below k, and so not shown. */
  suppressedCells: number;
  exportEnabled: boolean;
  privacy: ResearchPrivacy;
}

export interface ResearchExport {
  dataset: {
    tag: string;
    generatedOn: string;
    /** First and last day of the whole weeks covered. */
    from: string;
    to: string;
    cohort: (typeof COHORT_FILTERS)[number];
    k: number;
    privacy: Omit<ResearchPrivacy, 'spent'>;
  };
  people: number | null;
  aggregates: Pick<ResearchAggregates, 'mood' | 'emotion' | 'activity'>;
  suppressed: { cells: number };
}
