import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import type { ProfileViewer } from '@kaleido/shared/profile/profile-access';
import type { ProfileResponse } from '@kaleido/shared/profile/profile.schemas';
import type { EventBus } from '../../realtime/event-bus';
import type { CarePolicy } from './care-policy';
import type { AlertRow, CareRepository } from './care.repository';
import type { Derived, SourceRef } from '../content/provenance';
import type { ReaderGrants } from './derived-data-policy';
import { createCareNotes } from './care-notes.service';
import { createCareReads } from './care-reads.service';
import { createCareRecords } from './care-records.service';
import { createCareRelationships } from './care-relationships.service';

export type CareService = ReturnType<typeof createCareService>;

/**
 * Care as the routes see it (SPEC §1 client interface), one file per idea: relationships and
 * consent (the person's side), reads (the professional's side), private notes, the person's
 * records (access log, consent history); plus the
 * account-data contributor.
 */
export function createCareService(deps: {
  repository: CareRepository;
  policy: CarePolicy;
  bus: Pick<EventBus, 'publish'>;
  viewerOf: (userId: string) => Promise<ProfileViewer>;
  profileAs: (viewerId: string, userId: string) => Promise<ProfileResponse>;
  grants: ReaderGrants;
  /** The analysis module's cards for a reader other than the person (insights.forReader). */
  insightsFor: (
    userId: string,
    textItems: readonly SourceRef[],
  ) => Promise<{ analysisEnabled: boolean; cards: Derived<InsightCard>[] }>;
  /** The professional's alerts as their export keeps them (care-alerts.service.ts). */
  exportAlerts: (rows: AlertRow[]) => Promise<unknown[]>;
  privacyOf: (userId: string) => Promise<{ insights_visible_to_clients: boolean }>;
  professionalOf: (userId: string) => Promise<{ ethical_use_confirmed: boolean }>;
  openAlerts: (professionalId: string) => Promise<number>;
  confirmEthicalUse: (userId: string) => Promise<void>;
  now: () => Date;
}) {
  const { repository } = deps;
  return {
    ...createCareRelationships(deps),
    ...createCareReads(deps),
    ...createCareNotes(deps),
    ...createCareRecords(deps),

    exportFor: async (userId: string) => {
      const { alerts, ...data } = await repository.exportOf(userId);
      // Alerts are derived from the people's data: kept only as they may be seen now (N19).
      const exported = { ...data, alerts: await deps.exportAlerts(alerts) };
      return JSON.parse(JSON.stringify(exported)) as unknown;
    },
    deleteDataOf: (userId: string) => repository.deleteDataOf(userId),
  };
}
