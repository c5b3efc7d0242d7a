import type { AccountDataContributor } from '../account/account-data.registry';
import type { CareAccountDataRepository } from './care-account-data.repository';
import type { CareAlerts } from './care-alerts.service';
import type { CareConsentsRepository } from './care-consents.repository';
import type { CareRelationshipsRepository } from './care-relationships.repository';

/** A user's care data for their account export and deletion (the account-data contributor). */
export function careAccountData(deps: {
  relationships: Pick<CareRelationshipsRepository, 'relationshipsOf'>;
  consents: Pick<CareConsentsRepository, 'consentsOf'>;
  repository: CareAccountDataRepository;
  /** The professional's alerts as their export keeps them (care-alerts.service.ts). */
  alerts: Pick<CareAlerts, 'exportOf'>;
}): AccountDataContributor {
  return {
    section: 'care',
    tables: [
      'care_relationships',
      'care_consents',
      'care_consent_log',
      'care_access_log',
      'care_notes',
      'care_alerts',
    ],
    async export(userId: string) {
      const relationships = await deps.relationships.relationshipsOf(userId);
      const consents = await deps.consents.consentsOf(relationships.map((r) => r.id));
      const { alerts, ...logs } = await deps.repository.exportOf(userId);
      // Alerts are derived from the people's data: kept only as they may be seen now (N19).
      const exported = {
        relationships,
        consents,
        ...logs,
        alerts: await deps.alerts.exportOf(alerts),
      };
      return JSON.parse(JSON.stringify(exported)) as unknown;
    },
    deleteData: (userId: string) => deps.repository.deleteDataOf(userId),
  };
}
