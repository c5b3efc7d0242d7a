import { CARE_SCOPES, type CareScope } from '@kaleido/shared/care/care.schemas';
import { CARE_ALERT_LABELS } from '@kaleido/shared/care/care-alerts.schemas';
import type { CareReportQuery } from '@kaleido/shared/care/care-reports.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import type { ProfessionalSettings } from '@kaleido/shared/settings/settings.schemas';
import { localTime, usableTimezone } from '../../lib/timezone';
import { sourceRef, type SourceRef } from '../content/provenance';
import type { CareAlertViews } from './care-alert-views';
import type { CareAlertsRepository } from './care-alerts.repository';
import type { CareLogging } from './care-logging.repository';
import type { CareNotesRepository } from './care-notes.repository';
import type { CarePolicy } from './care-policy';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import type { CareSharedReads, Period } from './care-shared-reads';
import { mayReceive, type ReaderGrant, type ReaderGrants } from './derived-data-policy';

export type CareReports = ReturnType<typeof createCareReports>;
export type ReportFormat = ProfessionalSettings['report_format'];

const REPORT_LIMIT = 2_000;
const MOOD_SCORE: Record<Mood, number> = { happy: 1, excited: 1, neutral: 0, sad: -1, angry: -1 };

/** One report as data, before it is written as PDF or CSV (care-report-writers.ts). */
export interface CareReport {
  person: { id: string; name: string };
  professional: { name: string; credentials: string };
  /** Inclusive dates, YYYY-MM-DD, as the professional's calendar shows them. */
  from: string;
  to: string;
  /** The professional's timezone: the period's days, and every date the report prints. */
  timezone: string;
  format: ReportFormat;
  generatedAt: Date;
  shared: CareScope[];
  notShared: CareScope[];
  /** Mood and tone (mood_and_insights), or null when not shared. */
  mood: {
    count: number;
    meanMood: number | null;
    meanTone: number | null;
    byMood: Partial<Record<Mood, number>>;
    points: { at: Date; mood: Mood }[];
  } | null;
  entries: { at: Date; title: string; mood: Mood; content: string }[] | null;
  transcripts: { at: Date; title: string; transcript: string }[] | null;
  /** The professional's own alerts about the person raised in the period. */
  alerts: { at: Date; label: string; summary: string; status: string }[];
  /** The professional's private notes of the period (detailed reports only). */
  notes: { at: Date; content: string }[];
}

const mean = (values: number[]) =>
  values.length
    ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100
    : null;

/**
 * Reports (issue 14 item 6): one person, one period, in the professional's report_format, built
 * only from the scopes in force at the moment it is generated. Each section declares what it is
 * computed from and is written only when the professional may read all of it now (decision
 * 039): mood figures from every entry; the shared entries and transcripts themselves; the
 * alerts they may still see. Each report is an access-log entry the person sees ("Carol viewed
 * a report of your shared data, 7 items").
 */
export function createCareReports(deps: {
  relationships: Pick<CareRelationshipsRepository, 'usersByIds'>;
  shared: SharedSources;
  alerts: Pick<CareAlertsRepository, 'alertsOf'>;
  views: Pick<CareAlertViews, 'visible'>;
  notes: Pick<CareNotesRepository, 'notes'>;
  logging: Pick<CareLogging, 'logAccess'>;
  policy: CarePolicy;
  grants: ReaderGrants;
  professionalOf: (userId: string) => Promise<ProfessionalSettings>;
  /** The professional's profile timezone (whose calendar the period is read in). */
  timezoneOf: (userId: string) => Promise<string | null | undefined>;
  now: () => Date;
}) {
  const { policy } = deps;

  return {
    async build(professionalId: string, personId: string, query: CareReportQuery) {
      const { relationship, scopes } = await policy.mayView(professionalId, personId);
      const grant = await deps.grants.ofRelationship(relationship);
      const settings = await deps.professionalOf(professionalId);
      const format = query.format ?? settings.report_format;
      const timezone = usableTimezone(await deps.timezoneOf(professionalId));
      const period = periodOf(query, timezone);
      const [person, professional] = await deps.relationships
        .usersByIds([personId, professionalId])
        .then((rows) => [
          rows.find((r) => r.id === personId),
          rows.find((r) => r.id === professionalId),
        ]);
      const shared = await sharedSections(deps.shared, grant, scopes, period);
      const inPeriod = (at: Date) => at >= period.from && at < period.to;
      const name = person?.name ?? '';
      const alerts = (
        await deps.views.visible(
          await deps.alerts.alertsOf(professionalId, {
            personId,
            statuses: ['open', 'acknowledged', 'dismissed'],
          }),
        )
      )
        .filter((a) => inPeriod(new Date(a.createdAt)))
        .reverse()
        .map((a) => ({
          at: new Date(a.createdAt),
          label: CARE_ALERT_LABELS[a.kind],
          summary: a.summary,
          status: a.status,
        }));
      const notes =
        format === 'detailed'
          ? (await deps.notes.notes(professionalId, personId))
              .filter((n) => inPeriod(n.createdAt))
              .reverse()
              .map((n) => ({ at: n.createdAt, content: n.content }))
          : [];
      const report: CareReport = {
        person: { id: personId, name },
        professional: { name: professional?.name ?? '', credentials: settings.credentials },
        from: query.from,
        to: query.to,
        timezone,
        format,
        generatedAt: deps.now(),
        shared: scopes,
        notShared: CARE_SCOPES.filter((s) => !scopes.includes(s)),
        ...shared,
        alerts,
        notes,
      };
      const { mood, entries, transcripts } = shared;
      await deps.logging.logAccess({
        personId,
        professionalId,
        what: 'report',
        itemCount: (mood?.count ?? 0) + (entries?.length ?? 0) + (transcripts?.length ?? 0),
        now: report.generatedAt,
      });
      return report;
    },
  };
}

/**
 * The dates the professional picked are days of their own calendar: from the first midnight to
 * the midnight after the last day, wherever the clocks change in between.
 */
function periodOf(query: CareReportQuery, timezone: string): Period {
  const midnight = (date: string, plusDays: number) => {
    const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
    return localTime(year, month, day + plusDays, 0, timezone);
  };
  return { from: midnight(query.from, 0), to: midnight(query.to, 1) };
}

type SharedSources = Pick<
  CareSharedReads,
  'moods' | 'analysedSince' | 'sharedEntries' | 'transcripts'
>;

/**
 * The sections drawn from the person's data, each only when the grant reads all it is computed
 * from now: mood figures from every entry, the shared entries and transcripts themselves.
 */
async function sharedSections(
  shared: SharedSources,
  grant: ReaderGrant,
  scopes: CareScope[],
  period: Period,
): Promise<Pick<CareReport, 'mood' | 'entries' | 'transcripts'>> {
  const readable = (carries: 'figures' | 'words', sources: 'all' | SourceRef[]) =>
    mayReceive(grant, { owner: grant.personId, carries, sources });
  const personId = grant.personId;
  let mood: CareReport['mood'] = null;
  if (readable('figures', 'all')) {
    const moods = (await shared.moods(personId, REPORT_LIMIT, period)).reverse();
    const analysed = (
      await shared.analysedSince(personId, new Date(period.from.getTime() - 1), period.to)
    ).filter((a) => a.sourceKind === 'journal');
    const byMood: Partial<Record<Mood, number>> = {};
    for (const m of moods) byMood[m.mood] = (byMood[m.mood] ?? 0) + 1;
    mood = {
      count: moods.length,
      meanMood: mean(moods.map((m) => MOOD_SCORE[m.mood])),
      meanTone: mean(analysed.map((a) => a.valence)),
      byMood,
      points: moods.map((m) => ({ at: m.createdAt, mood: m.mood })),
    };
  }
  const sharedEntries = scopes.includes('shared_journal_entries')
    ? (await shared.sharedEntries(personId, REPORT_LIMIT, period)).reverse()
    : null;
  const entries =
    sharedEntries &&
    readable(
      'words',
      sharedEntries.map((e) => sourceRef('journal', e.id)),
    )
      ? sharedEntries.map((e) => ({
          at: e.createdAt,
          title: e.title,
          mood: e.mood,
          content: e.content,
        }))
      : null;
  const sharedTranscripts = scopes.includes('voice_note_transcripts')
    ? (await shared.transcripts(personId, REPORT_LIMIT, period)).reverse()
    : null;
  const transcripts =
    sharedTranscripts &&
    readable(
      'words',
      sharedTranscripts.map((t) => sourceRef('voice_note', t.id)),
    )
      ? sharedTranscripts.map((t) => ({
          at: t.createdAt,
          title: t.title,
          transcript: t.transcript ?? '',
        }))
      : null;
  return { mood, entries, transcripts };
}
