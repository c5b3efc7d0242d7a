import { CARE_SCOPES, type CareScope } from '@kaleido/shared/care/care.schemas';
import { CARE_ALERT_LABELS } from '@kaleido/shared/care/care-alerts.schemas';
import type { CareReportQuery } from '@kaleido/shared/care/care-reports.schemas';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import type { ProfessionalSettings } from '@kaleido/shared/settings/settings.schemas';
import { localTime, usableTimezone } from '../../lib/timezone';
import { sourceRef, type SourceRef } from '../content/provenance';
import type { CareAlerts } from './care-alerts.service';
import type { CarePolicy } from './care-policy';
import type { CareRepository } from './care.repository';
import { mayReceive, type ReaderGrants } from './derived-data-policy';

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
  repository: CareRepository;
  policy: CarePolicy;
  grants: ReaderGrants;
  alerts: Pick<CareAlerts, 'visible'>;
  professionalOf: (userId: string) => Promise<ProfessionalSettings>;
  /** The professional's profile timezone (whose calendar the period is read in). */
  timezoneOf: (userId: string) => Promise<string | null | undefined>;
  now: () => Date;
}) {
  const { repository, policy } = deps;

  return {
    async build(professionalId: string, personId: string, query: CareReportQuery) {
      const { relationship, scopes } = await policy.mayView(professionalId, personId);
      const grant = await deps.grants.ofRelationship(relationship);
      const readable = (carries: 'figures' | 'words', sources: 'all' | SourceRef[]) =>
        mayReceive(grant, { owner: personId, carries, sources });
      const settings = await deps.professionalOf(professionalId);
      const format = query.format ?? settings.report_format;
      // The dates the professional picked are days of their own calendar: from the first
      // midnight to the midnight after the last day, wherever the clocks change in between.
      const timezone = usableTimezone(await deps.timezoneOf(professionalId));
      const midnight = (date: string, plusDays: number) => {
        const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
        return localTime(year, month, day + plusDays, 0, timezone);
      };
      const period = { from: midnight(query.from, 0), to: midnight(query.to, 1) };
      const [person, professional] = await repository
        .usersByIds([personId, professionalId])
        .then((rows) => [
          rows.find((r) => r.id === personId),
          rows.find((r) => r.id === professionalId),
        ]);

      let mood: CareReport['mood'] = null;
      if (readable('figures', 'all')) {
        const moods = (await repository.moods(personId, REPORT_LIMIT, period)).reverse();
        const analysed = (
          await repository.analysedSince(personId, new Date(period.from.getTime() - 1), period.to)
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
        ? (await repository.sharedEntries(personId, REPORT_LIMIT, period)).reverse()
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
        ? (await repository.transcripts(personId, REPORT_LIMIT, period)).reverse()
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
      const inPeriod = (at: Date) => at >= period.from && at < period.to;
      const name = person?.name ?? '';
      const alerts = (
        await deps.alerts.visible(
          await repository.alertsOf(professionalId, {
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
          ? (await repository.notes(professionalId, personId))
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
        mood,
        entries,
        transcripts,
        alerts,
        notes,
      };
      await repository.logAccess({
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
