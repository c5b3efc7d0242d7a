import {
  type ResearchAggregates,
  type ResearchExport,
} from '@kaleido/shared/admin/research.schemas';
import {
  DATASET_TAG_MISSING_MESSAGE,
  DatasetTagSchema,
  RESEARCH_EXPORT_OFF_MESSAGE,
  RESEARCH_K,
  RESEARCH_NO_WEEK_MESSAGE,
  RESEARCH_RANGE_WEEKS,
  type ResearchExportQuery,
  type ResearchQuery,
} from '@kaleido/shared/admin/research.schemas';
import { badRequest, forbidden } from '../../http/errors';
import type { AuditService } from './audit.service';
import type { InstanceSettingsService } from './instance-settings.service';
import { weekOf, weeksBetween } from './research-anonymity';
import { ledgeredRelease } from './research-ledger';
import type { ResearchRepository } from './research.repository';

export type ResearchService = ReturnType<typeof createResearchService>;

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const monday = (at: Date) => new Date(`${weekOf(at)}T00:00:00Z`);

/**
 * The query's whole weeks (Monday to Monday, UTC), only weeks that have ended: a preset is the
 * last 1, 4 or 13 of them; custom dates widen to the weeks that hold them. A window never cuts
 * a week, so no two windows differ by a day (the one-day differencing of N4), and the ledger can
 * count each week's budget. 400 when no completed week is left.
 */
export function researchWindow(
  query: ResearchQuery,
  now: Date,
): { from: Date; to: Date; weeks: string[] } {
  const current = monday(now);
  let from: Date;
  let to: Date;
  if (query.range === 'custom' && query.from && query.to) {
    from = monday(new Date(`${query.from}T00:00:00Z`));
    const end = monday(new Date(`${query.to}T00:00:00Z`)).getTime() + WEEK_MS;
    to = new Date(Math.min(end, current.getTime()));
  } else {
    const weeks = RESEARCH_RANGE_WEEKS[query.range === 'custom' ? '30d' : query.range];
    to = current;
    from = new Date(current.getTime() - weeks * WEEK_MS);
  }
  if (to.getTime() <= from.getTime())
    throw badRequest(RESEARCH_NO_WEEK_MESSAGE, undefined, 'VALIDATION');
  return { from, to, weeks: weeksBetween(from, to) };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** One CSV field, quoted, with a leading formula character defused. */
const csvField = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The released cells as CSV, after `#` lines that describe the dataset and its privacy. */
export function researchCsv(data: ResearchExport): string {
  const p = data.dataset.privacy;
  const meta = [
    `# dataset=${data.dataset.tag} generated_on=${data.dataset.generatedOn} from=${data.dataset.from} to=${data.dataset.to} cohort=${data.dataset.cohort}`,
    `# noise=${p.mechanism} epsilon=${p.epsilon} sensitivity=${p.sensitivity} week_budget=${p.weekBudget} k=${data.dataset.k} people=${data.people ?? ''} suppressed_cells=${data.suppressed.cells}`,
  ];
  const lines = [...meta, 'table,week,source,value,people'];
  const row = (cells: string[]) => lines.push(cells.map(csvField).join(','));
  for (const c of data.aggregates.mood) row(['mood', '', '', c.value, String(c.people)]);
  for (const c of data.aggregates.emotion) row(['emotion', '', '', c.value, String(c.people)]);
  for (const c of data.aggregates.activity)
    row(['activity', c.week, c.source, '', String(c.people)]);
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Research tools (SPEC §9): aggregates and exports over consenting people only, released with
 * differential privacy through a per-week budget ledger (decision 042, which replaces the
 * k-anonymous records of 027). Every query — served, served again or refused — is audited.
 */
export function createResearchService(deps: {
  repository: ResearchRepository;
  settings: Pick<InstanceSettingsService, 'researchExportEnabled'>;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
  /** Uniform [0, 1); the operating system's generator unless a test fixes it. */
  random?: () => number;
}) {
  async function released(actorId: string, query: ResearchQuery) {
    const window = researchWindow(query, deps.now());
    const items = await deps.repository.consentingItems({ ...window, cohort: query.cohort });
    const details = {
      range: query.range,
      from: day(window.from),
      to: day(window.to),
      cohort: query.cohort,
    };
    const result = await ledgeredRelease({
      repository: deps.repository,
      random: deps.random,
      actorId,
      reuseSince: monday(deps.now()),
      cohort: query.cohort,
      weeks: window.weeks,
      fromWeek: day(window.from),
      toWeek: day(window.to),
      items,
      onRefused: (weeks) =>
        deps.audit.record({
          actorId,
          action: 'admin.research_refused',
          force: true,
          details: { ...details, spentWeeks: weeks },
        }),
    });
    return { window, details, ...result };
  }

  return {
    async aggregates(actorId: string, query: ResearchQuery): Promise<ResearchAggregates> {
      const { window, details, release, privacy } = await released(actorId, query);
      // Every aggregate query is on record, whatever audit_logs says (N4).
      await deps.audit.record({
        actorId,
        action: 'admin.research_queried',
        force: true,
        details: {
          ...details,
          reused: privacy.reused,
          epsilon: privacy.reused ? 0 : privacy.epsilon,
        },
      });
      return {
        range: { from: window.from.toISOString(), to: window.to.toISOString() },
        cohort: query.cohort,
        k: RESEARCH_K,
        ...release,
        exportEnabled: await deps.settings.researchExportEnabled(),
        privacy,
      };
    },

    async export(actorId: string, query: ResearchExportQuery): Promise<ResearchExport> {
      if (!(await deps.settings.researchExportEnabled()))
        throw forbidden(RESEARCH_EXPORT_OFF_MESSAGE, 'FEATURE_OFF');
      const tag = query.datasetTag ?? (await deps.repository.datasetTagOf(actorId)).trim();
      if (!tag || !DatasetTagSchema.safeParse(tag).success)
        throw badRequest(DATASET_TAG_MISSING_MESSAGE, undefined, 'VALIDATION');
      const { window, details, release, privacy } = await released(actorId, query);
      const { people, mood, emotion, activity, suppressedCells } = release;
      const { spent: _spent, ...stated } = privacy;
      const data: ResearchExport = {
        dataset: {
          tag,
          generatedOn: day(deps.now()),
          from: day(window.from),
          to: day(new Date(window.to.getTime() - 1)),
          cohort: query.cohort,
          k: RESEARCH_K,
          privacy: stated,
        },
        people,
        aggregates: { mood, emotion, activity },
        suppressed: { cells: suppressedCells },
      };
      await deps.audit.record({
        actorId,
        action: 'admin.research_exported',
        // Every release of data is on record, whatever audit_logs says.
        force: true,
        details: {
          ...details,
          datasetTag: tag,
          format: query.format,
          reused: privacy.reused,
          epsilon: privacy.reused ? 0 : privacy.epsilon,
          suppressedCells,
        },
      });
      return data;
    },
  };
}
