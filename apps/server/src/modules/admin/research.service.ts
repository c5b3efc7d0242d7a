import {
  DATASET_TAG_MISSING_MESSAGE,
  DatasetTagSchema,
  RESEARCH_EXPORT_OFF_MESSAGE,
  RESEARCH_K,
  type ResearchAggregates,
  type ResearchExport,
  type ResearchExportQuery,
  type ResearchQuery,
} from '@kaleido/shared/admin/admin.schemas';
import { badRequest, forbidden } from '../../http/errors';
import type { AuditService } from './audit.service';
import type { InstanceSettingsService } from './instance-settings.service';
import { QUASI_IDENTIFIERS, aggregate, pseudonymiser, releasedRecords } from './research-anonymity';
import type { ResearchRepository } from './research.repository';

export type ResearchService = ReturnType<typeof createResearchService>;

const DAY_MS = 86_400_000;
const PRESET_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

/** The query's dates: a preset ends now; custom dates are whole UTC days, the end included. */
export function researchWindow(query: ResearchQuery, now: Date): { from: Date; to: Date } {
  if (query.range === 'custom' && query.from && query.to)
    return {
      from: new Date(`${query.from}T00:00:00Z`),
      to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
    };
  const days = PRESET_DAYS[query.range === 'custom' ? '30d' : query.range];
  return { from: new Date(now.getTime() - days * DAY_MS), to: now };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** One CSV field, quoted, with a leading formula character defused. */
const csvField = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The records as CSV, after `#` lines that describe the dataset and what was suppressed. */
export function researchCsv(data: ResearchExport): string {
  const meta = [
    `# dataset=${data.dataset.tag} generated_on=${data.dataset.generatedOn} from=${data.dataset.from} to=${data.dataset.to} cohort=${data.dataset.cohort}`,
    `# k=${data.dataset.k} quasi_identifiers=${data.dataset.quasiIdentifiers.join('+')} suppressed_records=${data.suppressed.records} suppressed_cells=${data.suppressed.cells}`,
  ];
  const lines = [...meta, 'pid,week,source,mood,emotion'];
  for (const r of data.records)
    lines.push([r.pid, r.week, r.source, r.mood ?? '', r.emotion ?? ''].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Research tools (SPEC §9): aggregates and exports over consenting people only, with stable
 * pseudonyms per dataset and k-anonymity on every released cell and record (decision
 * 027-research-export). Exports run only in the research compliance mode and are audited.
 */
export function createResearchService(deps: {
  repository: ResearchRepository;
  settings: Pick<InstanceSettingsService, 'researchExportEnabled'>;
  audit: Pick<AuditService, 'record'>;
  secret: string;
  now: () => Date;
}) {
  async function itemsOf(query: ResearchQuery) {
    const window = researchWindow(query, deps.now());
    const items = await deps.repository.consentingItems({ ...window, cohort: query.cohort });
    return { window, items };
  }

  return {
    async aggregates(query: ResearchQuery): Promise<ResearchAggregates> {
      const { window, items } = await itemsOf(query);
      return {
        range: { from: window.from.toISOString(), to: window.to.toISOString() },
        cohort: query.cohort,
        k: RESEARCH_K,
        ...aggregate(items, RESEARCH_K),
        exportEnabled: await deps.settings.researchExportEnabled(),
      };
    },

    async export(actorId: string, query: ResearchExportQuery): Promise<ResearchExport> {
      if (!(await deps.settings.researchExportEnabled()))
        throw forbidden(RESEARCH_EXPORT_OFF_MESSAGE, 'FEATURE_OFF');
      const tag = query.datasetTag ?? (await deps.repository.datasetTagOf(actorId)).trim();
      if (!tag || !DatasetTagSchema.safeParse(tag).success)
        throw badRequest(DATASET_TAG_MISSING_MESSAGE, undefined, 'VALIDATION');
      const { window, items } = await itemsOf(query);
      const { people, mood, emotion, activity, suppressedCells } = aggregate(items, RESEARCH_K);
      const { records, suppressed } = releasedRecords(
        items,
        pseudonymiser(deps.secret, tag),
        RESEARCH_K,
      );
      const data: ResearchExport = {
        dataset: {
          tag,
          generatedOn: day(deps.now()),
          from: day(window.from),
          to: day(new Date(window.to.getTime() - 1)),
          cohort: query.cohort,
          k: RESEARCH_K,
          quasiIdentifiers: [...QUASI_IDENTIFIERS],
        },
        people,
        aggregates: { mood, emotion, activity },
        records,
        suppressed: { cells: suppressedCells, records: suppressed },
      };
      await deps.audit.record({
        actorId,
        action: 'admin.research_exported',
        // Every release of data is on record, whatever audit_logs says.
        force: true,
        details: {
          datasetTag: tag,
          format: query.format,
          range: query.range,
          from: data.dataset.from,
          to: data.dataset.to,
          cohort: query.cohort,
          records: records.length,
          suppressedRecords: suppressed,
          suppressedCells,
        },
      });
      return data;
    },
  };
}
