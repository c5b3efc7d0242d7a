import type { CareAlert } from '@kaleido/shared/care/care-alerts.schemas';
import type { SourceRef } from '../content/provenance';
import { alertSummary } from './care-alert-rules';
import type { AlertRow } from './care-alerts.repository';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import { mayReceive, type ReaderGrant, type ReaderGrants } from './derived-data-policy';

export type CareAlertViews = ReturnType<typeof createCareAlertViews>;

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

/**
 * What a professional may see now of their alerts: every list, report, export and answer of an
 * alert asks here, with one grant per relationship.
 */
export function createCareAlertViews(deps: {
  relationships: Pick<CareRelationshipsRepository, 'relationship'>;
  grants: ReaderGrants;
}) {
  return {
    /** What the professional may see now of these alerts (one grant per relationship). */
    async visible(rows: { alert: AlertRow; personName: string }[]) {
      const byRelationship = new Map<string, typeof rows>();
      for (const row of rows)
        byRelationship.set(row.alert.relationshipId, [
          ...(byRelationship.get(row.alert.relationshipId) ?? []),
          row,
        ]);
      const seen = new Map<string, CareAlert>();
      for (const [id, group] of byRelationship) {
        const relationship = await deps.relationships.relationship(id);
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
    },
  };
}
