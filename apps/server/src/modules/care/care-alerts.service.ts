import { z } from 'zod';
import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { CareAlert, CareAlertStatus } from '@kaleido/shared/care/care-alerts.schemas';
import { EMOTIONS } from '@kaleido/shared/insights/insights.constants';
import type { ProfessionalSettings } from '@kaleido/shared/settings/settings.schemas';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  alertSummary,
  BASELINE_DAYS,
  detectAlerts,
  RECENT_DAYS,
  type AlertPoint,
} from './care-alert-rules';
import type { CarePolicy } from './care-policy';
import type { AlertRow, CareRepository, RelationshipRow } from './care.repository';
import type { SourceRef } from '../content/provenance';
import { mayReceive, type ReaderGrant, type ReaderGrants } from './derived-data-policy';

export type CareAlerts = ReturnType<typeof createCareAlerts>;

export const CARE_ALERTS_JOB = 'care-alerts';
const PayloadSchema = z.object({ personId: z.uuid() });
const DAY_MS = 86_400_000;

type AnalysedRow = Awaited<ReturnType<CareRepository['analysedSince']>>[number];

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
 * Alerts (issue 14 item 5): after analysis of something a person wrote, a `care-alerts` job
 * checks, for each professional the person works with, only what the person shares with that
 * professional, under that professional's sensitivity and threshold (care-alert-rules.ts). A
 * new alert is stored with its evidence, notified (and emailed when they are away and allow
 * it), and counted as a read in the person's access log.
 */
export function createCareAlerts(deps: {
  repository: CareRepository;
  policy: CarePolicy;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  bus: Pick<EventBus, 'publish'>;
  professionalOf: (userId: string) => Promise<ProfessionalSettings>;
  grants: ReaderGrants;
  now: () => Date;
}) {
  const { repository, policy } = deps;

  async function announce(professionalId: string, alert: AlertRow) {
    await deps.bus.publish({
      room: userRoom(professionalId),
      name: 'care.changed',
      data: {
        relationshipId: alert.relationshipId,
        personId: alert.personId,
        professionalId,
        change: 'alert',
      },
    });
  }

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
    const open = await views(
      await repository.alertsOf(professionalId, {
        personId: relationship.personId,
        statuses: ['open'],
      }),
    );
    let raised = 0;
    for (const candidate of candidates) {
      if (open.some((a) => a.kind === candidate.kind)) continue;
      const alert = await repository.insertAlert({
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
      await repository.logAccess({
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
      await announce(professionalId, alert);
    }
    return raised;
  }

  /** Checks one person's shared data for each professional; returns how many alerts rose. */
  async function check(personId: string): Promise<number> {
    const relationships = await repository.activeOfPerson(personId);
    if (relationships.length === 0) return 0;
    const from = new Date(deps.now().getTime() - (RECENT_DAYS + BASELINE_DAYS) * DAY_MS);
    const rows = await repository.analysedSince(personId, from);
    if (rows.length === 0) return 0;
    const [person] = await repository.usersByIds([personId]);
    let raised = 0;
    for (const relationship of relationships)
      raised += await checkOne(relationship, rows, person?.name ?? 'Someone');
    return raised;
  }

  deps.jobs.define(CARE_ALERTS_JOB, { payload: PayloadSchema, maxAttempts: 3 }, async (p) => {
    await check(p.personId);
  });

  /**
   * The alert as this grant lets its professional see it now, or null (decision 039): only while
   * something is shared and every item its figures came from is still readable by them (as
   * figures: `mood_and_insights` covers every analysed item; a shared entry or voice note while
   * its scope and its sharing last); each evidence item's title only while that item is readable
   * as text, as it is titled now. An alert without recorded sources (raised before they were
   * kept) is shown to nobody.
   */
  function viewOf(row: AlertRow, personName: string, grant: ReaderGrant): CareAlert | null {
    if (row.sources === null) return null;
    const sources = row.sources as SourceRef[];
    if (!mayReceive(grant, { owner: row.personId, carries: 'figures', sources })) return null;
    return {
      id: row.id,
      person: { id: row.personId, name: personName },
      kind: row.kind,
      status: row.status,
      summary: alertSummary(personName, row.kind, row.values),
      values: row.values,
      evidence: row.evidence.map(({ ref, ...item }) => ({
        ...item,
        title: (ref && grant.text.get(ref as SourceRef)) ?? null,
      })),
      createdAt: row.createdAt.toISOString(),
      answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    };
  }

  /** What the professional may see now of these alerts (one grant per relationship). */
  async function views(rows: { alert: AlertRow; personName: string }[]) {
    const byRelationship = new Map<string, typeof rows>();
    for (const row of rows)
      byRelationship.set(row.alert.relationshipId, [
        ...(byRelationship.get(row.alert.relationshipId) ?? []),
        row,
      ]);
    const seen = new Map<string, CareAlert>();
    for (const [id, group] of byRelationship) {
      const relationship = await repository.relationship(id);
      if (!relationship) continue;
      const refs = new Set<SourceRef>();
      for (const { alert } of group) {
        for (const ref of alert.sources ?? []) refs.add(ref as SourceRef);
        for (const item of alert.evidence) if (item.ref) refs.add(item.ref as SourceRef);
      }
      const grant = await deps.grants.ofRelationship(relationship, [...refs]);
      if (grant.scopes.length === 0) continue;
      for (const { alert, personName } of group) {
        const view = viewOf(alert, personName, grant);
        if (view) seen.set(alert.id, view);
      }
    }
    // In the order asked (newest first).
    return rows.flatMap((r) => seen.get(r.alert.id) ?? []);
  }

  async function list(
    professionalId: string,
    query: { personId?: string; status?: 'open' | 'current' },
  ): Promise<{ alerts: CareAlert[] }> {
    if (!(await policy.isProfessional(professionalId))) return { alerts: [] };
    const statuses: CareAlertStatus[] =
      query.status === 'current' ? ['open', 'acknowledged'] : ['open'];
    const rows = await repository.alertsOf(professionalId, {
      personId: query.personId,
      statuses,
    });
    return { alerts: await views(rows) };
  }

  return {
    check,

    /** After analysis of something the person wrote or said (one pending check per person). */
    async queue(personId: string) {
      await deps.jobs.enqueue(CARE_ALERTS_JOB, { personId }, { key: `care-alerts:${personId}` });
    },

    /**
     * The alerts the professional opens: a read of each person's data shown, logged per person
     * with the count of their alerts (the dashboard's count below is not one).
     */
    async list(professionalId: string, query: { personId?: string; status?: 'open' | 'current' }) {
      const shown = await list(professionalId, query);
      const perPerson = new Map<string, number>();
      for (const alert of shown.alerts)
        perPerson.set(alert.person.id, (perPerson.get(alert.person.id) ?? 0) + 1);
      const now = deps.now();
      for (const [personId, itemCount] of perPerson)
        await repository.logAccess({
          personId,
          professionalId,
          what: 'alert_list',
          itemCount,
          now,
        });
      return shown;
    },

    /** What the professional may see now of these alerts of theirs (a report's section). */
    visible: views,

    /**
     * The professional's alerts for their account export: each as they may see it now, or —
     * once the person no longer shares what it was computed from, or they no longer work
     * together — only that it was raised and answered, without its figures or evidence.
     */
    async exportOf(rows: AlertRow[]) {
      const seen = new Map(
        (await views(rows.map((alert) => ({ alert, personName: '' })))).map((a) => [a.id, a]),
      );
      return rows.map((row) => {
        const view = seen.get(row.id);
        return {
          id: row.id,
          relationshipId: row.relationshipId,
          personId: row.personId,
          kind: row.kind,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
          values: view?.values ?? null,
          evidence: view?.evidence ?? [],
          withheld: !view,
        };
      });
    },

    /** The dashboard's count: the open alerts the professional may see now. */
    openCount: async (professionalId: string) =>
      (await list(professionalId, { status: 'open' })).alerts.length,

    /** Acknowledge (seen, kept in the list) or dismiss (gone); 404 unless the caller sees it. */
    async answer(professionalId: string, id: string, status: 'acknowledged' | 'dismissed') {
      const alert = await repository.alert(id);
      if (alert?.professionalId !== professionalId) throw notFound('Alert not found');
      if ((await views([{ alert, personName: '' }])).length === 0)
        throw notFound('Alert not found');
      await repository.answerAlert(id, status, deps.now());
      await announce(professionalId, alert);
      return { ok: true };
    },
  };
}
