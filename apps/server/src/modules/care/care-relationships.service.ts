import type { Relationship, RelationshipsResponse } from '@kaleido/shared/care/care.schemas';
import type { EventBus } from '../../realtime/event-bus';
import { notFound } from '../../http/errors';
import type { CareConsentsRepository } from './care-consents.repository';
import type { CareLogging } from './care-logging.repository';
import { consentInForce } from './care-policy';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import { announceChange } from './care-announcements';
import { endRelationship, ownRelationship } from './relationship-changes';

export type CareRelationships = ReturnType<typeof createCareRelationships>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Working relationships as both sides see them (SPEC §1 client interface): either side invites
 * (care-invitations.ts), the other answers, either ends; what the person consents to is
 * care-consent.service.ts. Every change is logged and announced (`care.changed`) to both sides.
 */
export function createCareRelationships(deps: {
  relationships: CareRelationshipsRepository;
  consents: Pick<CareConsentsRepository, 'consentsOf' | 'revokeAll'>;
  logging: Pick<CareLogging, 'logChange'>;
  bus: Pick<EventBus, 'publish'>;
  privacyOf: (userId: string) => Promise<{ insights_visible_to_clients: boolean }>;
  now: () => Date;
}) {
  const { relationships: repository } = deps;

  async function list(userId: string): Promise<RelationshipsResponse> {
    const rows = await repository.relationshipsOf(userId);
    const [people, consents, privacy] = await Promise.all([
      repository.usersByIds([
        ...new Set(rows.map((r) => (r.personId === userId ? r.professionalId : r.personId))),
      ]),
      deps.consents.consentsOf(rows.map((r) => r.id)),
      deps.privacyOf(userId),
    ]);
    const now = deps.now();
    const masterOf = new Map<string, boolean>();
    for (const r of rows)
      if (!masterOf.has(r.personId))
        masterOf.set(
          r.personId,
          r.personId === userId
            ? privacy.insights_visible_to_clients
            : (await deps.privacyOf(r.personId)).insights_visible_to_clients,
        );
    const relationships: Relationship[] = rows.map((r) => {
      const role = r.personId === userId ? 'person' : 'professional';
      const otherId = role === 'person' ? r.professionalId : r.personId;
      const other = people.find((p) => p.id === otherId);
      return {
        id: r.id,
        role,
        status: r.status,
        initiatedBy: r.initiatedBy,
        awaitingMe: r.status === 'pending' && r.initiatedBy !== role,
        other: { id: otherId, name: other?.name ?? '', email: other?.email ?? '' },
        consents: consents
          .filter((c) => c.relationshipId === r.id && !c.revokedAt)
          .map((c) => ({
            scope: c.scope,
            grantedAt: c.grantedAt.toISOString(),
            expiresAt: iso(c.expiresAt),
            active:
              r.status === 'active' &&
              consentInForce(c, now) &&
              (masterOf.get(r.personId) ?? false),
          })),
        createdAt: r.createdAt.toISOString(),
        respondedAt: iso(r.respondedAt),
        endedAt: iso(r.endedAt),
      };
    });
    return { relationships, insightsVisibleToClients: privacy.insights_visible_to_clients };
  }

  return {
    list,

    /** One relationship as the caller sees it in their list, else 404. */
    async viewOf(userId: string, id: string): Promise<Relationship> {
      const found = (await list(userId)).relationships.find((r) => r.id === id);
      if (!found) throw notFound('Relationship not found');
      return found;
    },

    /** The invited side answers; the inviter cannot accept their own invitation. */
    async respond(userId: string, id: string, answer: 'accepted' | 'declined') {
      const found = await ownRelationship(repository, userId, id);
      const side = found.personId === userId ? 'person' : 'professional';
      if (found.status !== 'pending' || found.initiatedBy === side)
        throw notFound('Invitation not found');
      const now = deps.now();
      await repository.setStatus(id, answer === 'accepted' ? 'active' : 'declined', now);
      await deps.logging.logChange({
        relationship: found,
        actorId: userId,
        scope: null,
        action: answer,
        expiresAt: null,
        now,
      });
      await announceChange(deps.bus, found, answer);
      return { ok: true };
    },

    /** Either side ends it (or withdraws a pending invitation): every consent goes with it. */
    async end(userId: string, id: string) {
      await endRelationship(deps, userId, await ownRelationship(repository, userId, id));
      return { ok: true };
    },
  };
}
