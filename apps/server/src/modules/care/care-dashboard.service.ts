import {
  HOME_MOOD_TREND_LENGTH,
  type CareDashboard,
  type CarePersonSummary,
  type MoodPoint,
} from '@kaleido/shared/care/care-reads.schemas';
import { notFound } from '../../http/errors';
import type { CareLogging } from './care-logging.repository';
import type { CarePolicy } from './care-policy';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import type { CareSharedReads } from './care-shared-reads';

export type CareDashboardReads = ReturnType<typeof createCareDashboard>;

/**
 * The professional's home (the /client page): their counts, the ethical-use statement, and the
 * people they work with, each with a mood trend where it is shared (a logged read).
 */
export function createCareDashboard(deps: {
  relationships: Pick<
    CareRelationshipsRepository,
    'relationshipsOf' | 'activeOfProfessional' | 'usersByIds'
  >;
  shared: Pick<CareSharedReads, 'moods'>;
  logging: Pick<CareLogging, 'logAccess'>;
  policy: CarePolicy;
  professionalOf: (userId: string) => Promise<{ ethical_use_confirmed: boolean }>;
  /** Records the professional's ethical-use confirmation (the settings module's). */
  confirmEthicalUse: (userId: string) => Promise<void>;
  /** Open alerts the professional sees now (care-alerts.service.ts). */
  openAlerts: (professionalId: string) => Promise<number>;
  now: () => Date;
}) {
  const { relationships, policy } = deps;

  async function dashboard(professionalId: string): Promise<CareDashboard> {
    const rows = (await relationships.relationshipsOf(professionalId)).filter(
      (r) => r.professionalId === professionalId,
    );
    return {
      activeClients: rows.filter((r) => r.status === 'active').length,
      pendingRequests: rows.filter((r) => r.status === 'pending').length,
      openAlerts: await deps.openAlerts(professionalId),
      ethicalUseConfirmed: (await deps.professionalOf(professionalId)).ethical_use_confirmed,
    };
  }

  return {
    dashboard,

    /**
     * The statement's "I confirm", for whoever acts as a professional now — a client, or an
     * admin in the client interface, whose settings tab for it lives in the admin interface.
     */
    async confirmEthicalUse(professionalId: string): Promise<CareDashboard> {
      if (!(await policy.isProfessional(professionalId))) throw notFound('Not found');
      await deps.confirmEthicalUse(professionalId);
      return dashboard(professionalId);
    },

    /** The people a professional works with: mood trend where shared (a logged read). */
    async people(professionalId: string): Promise<CarePersonSummary[]> {
      if (!(await policy.isProfessional(professionalId))) return [];
      const rows = await relationships.activeOfProfessional(professionalId);
      if (rows.length === 0) return [];
      await policy.assertEthicalUse(professionalId);
      const people = await relationships.usersByIds(rows.map((r) => r.personId));
      const result: CarePersonSummary[] = [];
      for (const r of rows) {
        const scopes = await policy.scopesOf(r);
        let moodTrend: MoodPoint[] | null = null;
        let lastActivityAt: string | null = null;
        if (scopes.includes('mood_and_insights')) {
          const moods = await deps.shared.moods(r.personId, HOME_MOOD_TREND_LENGTH);
          moodTrend = moods
            .reverse()
            .map((m) => ({ date: m.createdAt.toISOString(), mood: m.mood }));
          lastActivityAt = moods.at(-1)?.createdAt.toISOString() ?? null;
          await deps.logging.logAccess({
            personId: r.personId,
            professionalId,
            what: 'mood_trend',
            itemCount: moods.length,
            now: deps.now(),
          });
        }
        result.push({
          id: r.personId,
          name: people.find((p) => p.id === r.personId)?.name ?? '',
          relationshipId: r.id,
          since: (r.respondedAt ?? r.createdAt).toISOString(),
          scopes,
          moodTrend,
          lastActivityAt,
        });
      }
      return result;
    },
  };
}
