import { z } from 'zod';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
import { EMOTIONS } from '@kaleido/shared/insights/insights.constants';
import type { ProfessionalSettings } from '@kaleido/shared/settings/settings.schemas';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  alertSummary,
  BASELINE_DAYS,
  detectAlerts,
  RECENT_DAYS,
  type AlertPoint,
} from './care-alert-rules';
import type { CareAlertViews } from './care-alert-views';
import type { CareAlertsRepository } from './care-alerts.repository';
import { announceAlert } from './care-announcements';
import type { CareLogging } from './care-logging.repository';
import type { CarePolicy } from './care-policy';
import type { CareRelationshipsRepository, RelationshipRow } from './care-relationships.repository';
import type { CareSharedReads } from './care-shared-reads';

export type CareAlertChecks = ReturnType<typeof createCareAlertChecks>;

export const CARE_ALERTS_JOB = 'care-alerts';
const PayloadSchema = z.object({ personId: z.uuid() });
const DAY_MS = 86_400_000;

type AnalysedRow = Awaited<ReturnType<CareSharedReads['analysedSince']>>[number];

/**
 * The items one professional may draw alerts from, by the scopes in force: mood and insight
 * summaries cover every journal entry's mood and tone (values only); shared journal entries
 * the entries marked "Shared with clients"; transcripts the voice notes. Nothing else.
 */
export function sharedPoints(rows: AnalysedRow[], scopes: CareScope[]): AlertPoint[] {
  const summaries = scopes.includes('mood_and_insights');
  const entries = scopes.includes('shared_journal_entries');
  const transcripts = scopes.includes('voice_note_transcripts');
  return rows.flatMap((row): AlertPoint[] => {
    const sharedEntry = row.sourceKind === 'journal' && row.privacyLevel === 'shared_with_clients';
    const allowed =
      row.sourceKind === 'journal' ? summaries || (entries && sharedEntry) : transcripts;
    if (!allowed) return [];
    const source = row.sourceKind === 'journal' ? 'journal' : 'voice_note';
    return [
      {
        key: `${row.sourceKind}:${row.sourceId}`,
        source,
        occurredAt: row.occurredAt,
        valence: row.valence,
        // A recorded mood is a "mood summary"; with entries only, it comes with the entry.
        mood: summaries || (entries && sharedEntry) ? row.mood : null,
        emotions: Object.fromEntries(EMOTIONS.map((e) => [e, row.emotions[e]?.score ?? 0])),
      },
    ];
  });
}

/**
 * Raising alerts (issue 14 item 5): after analysis of something a person wrote, a `care-alerts`
 * job checks, for each professional the person works with, only what the person shares with that
 * professional, under that professional's sensitivity and threshold (care-alert-rules.ts). A
 * new alert is stored with its evidence, notified (and emailed when they are away and allow
 * it), and counted as a read in the person's access log. What the professional then sees and
 * answers is care-alerts.service.ts.
 */
export function createCareAlertChecks(deps: {
  alerts: Pick<CareAlertsRepository, 'alertsOf' | 'insertAlert'>;
  relationships: Pick<CareRelationshipsRepository, 'activeOfPerson' | 'usersByIds'>;
  shared: Pick<CareSharedReads, 'analysedSince'>;
  logging: Pick<CareLogging, 'logAccess'>;
  views: CareAlertViews;
  policy: CarePolicy;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  bus: Pick<EventBus, 'publish'>;
  professionalOf: (userId: string) => Promise<ProfessionalSettings>;
  now: () => Date;
}) {
  const { policy } = deps;

  async function checkOne(relationship: RelationshipRow, rows: AnalysedRow[], name: string) {
    const professionalId = relationship.professionalId;
    const settings = await deps.professionalOf(professionalId);
    if (!settings.alert_preferences.risk_alerts || !settings.ethical_use_confirmed) return 0;
    if (!(await policy.isProfessional(professionalId))) return 0;
    const scopes = await policy.scopesOf(relationship);
    if (scopes.length === 0) return 0;
    const now = deps.now();
    const candidates = detectAlerts(
      sharedPoints(rows, scopes),
      {
        sensitivity: settings.alert_preferences.spike_sensitivity,
        threshold: settings.alert_preferences.risk_threshold,
      },
      now,
    );
    // One open alert of a kind at a time — of those the professional can still see: one whose
    // sources are no longer shared with them cannot be answered, so it blocks nothing.
    const open = await deps.views.visible(
      await deps.alerts.alertsOf(professionalId, {
        personId: relationship.personId,
        statuses: ['open'],
      }),
    );
    let raised = 0;
    for (const candidate of candidates) {
      if (open.some((a) => a.kind === candidate.kind)) continue;
      const alert = await deps.alerts.insertAlert({
        relationshipId: relationship.id,
        professionalId,
        personId: relationship.personId,
        kind: candidate.kind,
        signature: candidate.signature,
        values: candidate.values,
        evidence: candidate.evidence,
        sources: candidate.sources,
        createdAt: now,
      });
      if (!alert) continue;
      raised++;
      await deps.logging.logAccess({
        personId: relationship.personId,
        professionalId,
        what: 'alert',
        itemCount: candidate.evidence.length,
        now,
      });
      await deps.notifications.notify(professionalId, {
        type: 'journal',
        title: `Alert about ${name}`,
        message: alertSummary(name, candidate.kind, candidate.values),
        link: `/client/people/${relationship.personId}`,
        // The summary holds the person's figures: the bell shows it, mail does not.
        emailLine: `There is a new alert about ${name}.`,
      });
      await announceAlert(deps.bus, professionalId, alert);
    }
    return raised;
  }

  /** Checks one person's shared data for each professional; returns how many alerts rose. */
  async function check(personId: string): Promise<number> {
    const relationships = await deps.relationships.activeOfPerson(personId);
    if (relationships.length === 0) return 0;
    const from = new Date(deps.now().getTime() - (RECENT_DAYS + BASELINE_DAYS) * DAY_MS);
    const rows = await deps.shared.analysedSince(personId, from);
    if (rows.length === 0) return 0;
    const [person] = await deps.relationships.usersByIds([personId]);
    let raised = 0;
    for (const relationship of relationships)
      raised += await checkOne(relationship, rows, person?.name ?? 'Someone');
    return raised;
  }

  deps.jobs.define(CARE_ALERTS_JOB, { payload: PayloadSchema, maxAttempts: 3 }, async (p) => {
    await check(p.personId);
  });

  return {
    check,

    /** After analysis of something the person wrote or said (one pending check per person). */
    async queue(personId: string) {
      await deps.jobs.enqueue(CARE_ALERTS_JOB, { personId }, { key: `care-alerts:${personId}` });
    },
  };
}
