import type { CareAlert, CareAlertStatus } from '@kaleido/shared/care/care-alerts.schemas';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { CareAlertViews } from './care-alert-views';
import type { AlertRow, CareAlertsRepository } from './care-alerts.repository';
import { announceAlert } from './care-announcements';
import type { CareLogging } from './care-logging.repository';
import type { CarePolicy } from './care-policy';

export type CareAlerts = ReturnType<typeof createCareAlerts>;

/**
 * A professional's alerts (raised by care-alert-checks.ts): the list they open, the dashboard's
 * count, their answers and their export, each only as they may see the alert now
 * (care-alert-views.ts).
 */
export function createCareAlerts(deps: {
  alerts: Pick<CareAlertsRepository, 'alertsOf' | 'alert' | 'answerAlert'>;
  views: CareAlertViews;
  logging: Pick<CareLogging, 'logAccess'>;
  policy: Pick<CarePolicy, 'isProfessional'>;
  bus: Pick<EventBus, 'publish'>;
  now: () => Date;
}) {
  const { policy } = deps;

  async function list(
    professionalId: string,
    query: { personId?: string; status?: 'open' | 'current' },
  ): Promise<{ alerts: CareAlert[] }> {
    if (!(await policy.isProfessional(professionalId))) return { alerts: [] };
    const statuses: CareAlertStatus[] =
      query.status === 'current' ? ['open', 'acknowledged'] : ['open'];
    const rows = await deps.alerts.alertsOf(professionalId, {
      personId: query.personId,
      statuses,
    });
    return { alerts: await deps.views.visible(rows) };
  }

  return {
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
        await deps.logging.logAccess({
          personId,
          professionalId,
          what: 'alert_list',
          itemCount,
          now,
        });
      return shown;
    },

    /**
     * The professional's alerts for their account export: each as they may see it now, or —
     * once the person no longer shares what it was computed from, or they no longer work
     * together — only that it was raised and answered, without its figures or evidence.
     */
    async exportOf(rows: AlertRow[]) {
      const seen = new Map(
        (await deps.views.visible(rows.map((alert) => ({ alert, personName: '' })))).map((a) => [
          a.id,
          a,
        ]),
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
      const alert = await deps.alerts.alert(id);
      if (alert?.professionalId !== professionalId) throw notFound('Alert not found');
      if ((await deps.views.visible([{ alert, personName: '' }])).length === 0)
        throw notFound('Alert not found');
      await deps.alerts.answerAlert(id, status, deps.now());
      await announceAlert(deps.bus, professionalId, alert);
      return { ok: true };
    },
  };
}
