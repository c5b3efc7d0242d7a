import {
  CARE_MESSAGES,
  type CareScope,
  type ConsentBody,
  type InviteBody,
  type Relationship,
  type RelationshipsResponse,
} from '@kaleido/shared/care/care.schemas';
import type {
  AdminRelationshipPage,
  AdminRelationshipsQuery,
  ProposeRelationshipBody,
} from '@kaleido/shared/admin/admin.schemas';
import { userRoom } from '../../realtime/rooms';
import type { EventBus } from '../../realtime/event-bus';
import { badRequest, conflict, notFound } from '../../http/errors';
import { consentInForce, type CarePolicy } from './care-policy';
import type { CareRepository, RelationshipRow } from './care.repository';

export type CareRelationships = ReturnType<typeof createCareRelationships>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Working relationships and the consent the person gives (SPEC §1 client interface): either side
 * invites, the other answers, either ends; the person grants, changes or revokes each scope.
 * Every change is logged and announced (`care.changed`) to both sides.
 */
export function createCareRelationships(deps: {
  repository: CareRepository;
  policy: CarePolicy;
  bus: Pick<EventBus, 'publish'>;
  viewerOf: (userId: string) => Promise<{ role: string }>;
  privacyOf: (userId: string) => Promise<{ insights_visible_to_clients: boolean }>;
  now: () => Date;
}) {
  const { repository } = deps;

  async function announce(
    relationship: RelationshipRow,
    change: 'invited' | 'accepted' | 'declined' | 'ended' | 'consent',
  ) {
    const data = {
      relationshipId: relationship.id,
      personId: relationship.personId,
      professionalId: relationship.professionalId,
      change,
    };
    // An invitation not yet accepted is the invited side's alone (invitation-visibility.ts).
    const inviter =
      relationship.initiatedBy === 'person' ? relationship.personId : relationship.professionalId;
    const unanswered = relationship.status === 'pending' && change !== 'accepted';
    for (const userId of [relationship.professionalId, relationship.personId])
      if (!(unanswered && userId === inviter))
        await deps.bus.publish({ room: userRoom(userId), name: 'care.changed', data });
  }

  /** A relationship the caller is part of, else 404. */
  async function ownRelationship(userId: string, id: string): Promise<RelationshipRow> {
    const found = await repository.relationship(id);
    if (!found || (found.professionalId !== userId && found.personId !== userId))
      throw notFound('Relationship not found');
    return found;
  }

  async function list(userId: string): Promise<RelationshipsResponse> {
    const rows = await repository.relationshipsOf(userId);
    const [people, consents, privacy] = await Promise.all([
      repository.usersByIds([
        ...new Set(rows.map((r) => (r.personId === userId ? r.professionalId : r.personId))),
      ]),
      repository.consentsOf(rows.map((r) => r.id)),
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

  async function viewOf(userId: string, id: string): Promise<Relationship> {
    const found = (await list(userId)).relationships.find((r) => r.id === id);
    if (!found) throw notFound('Relationship not found');
    return found;
  }

  /** Ends a pending or active relationship: every consent goes with it. */
  async function endRelationship(actorId: string, found: RelationshipRow) {
    if (found.status !== 'pending' && found.status !== 'active')
      throw notFound('Relationship not found');
    const now = deps.now();
    await repository.setStatus(found.id, 'ended', now);
    await repository.revokeAll(found.id, now);
    await repository.logChange({
      relationship: found,
      actorId,
      scope: null,
      action: 'ended',
      expiresAt: null,
      now,
    });
    await announce(found, 'ended');
  }

  return {
    list,

    /** The admin console's view: every pair, with status; never what is shared. */
    async adminList(query: AdminRelationshipsQuery): Promise<AdminRelationshipPage> {
      const rows = await repository.all({
        q: query.q,
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const when = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
      return {
        relationships: rows.map((r) => ({
          id: r.id,
          status: r.status,
          initiatedBy: r.initiated_by,
          professional: { id: r.pro_id, name: r.pro_name, email: r.pro_email },
          person: { id: r.per_id, name: r.per_name, email: r.per_email },
          createdAt: new Date(r.created_at).toISOString(),
          respondedAt: when(r.responded_at),
          endedAt: when(r.ended_at),
        })),
        total: Number(rows[0]?.total ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * An administrator proposes a relationship as if the professional had invited: the person
     * still accepts or declines it, and grants consent themselves.
     */
    async adminPropose(actorId: string, body: ProposeRelationshipBody) {
      const professional = await repository.userByEmail(body.professionalEmail);
      const person = await repository.userByEmail(body.personEmail);
      if (!professional || !person) throw notFound(CARE_MESSAGES.noAccount);
      if (professional.id === person.id)
        throw badRequest(CARE_MESSAGES.self, undefined, 'VALIDATION');
      const role = (await deps.viewerOf(professional.id)).role;
      if (role !== 'client' && role !== 'admin')
        throw badRequest(CARE_MESSAGES.notProfessional, undefined, 'VALIDATION');
      const now = deps.now();
      const created = await repository.invite({
        professionalId: professional.id,
        personId: person.id,
        initiatedBy: 'professional',
        now,
      });
      if (!created) throw conflict(CARE_MESSAGES.alreadyLinked, 'CARE_CONFLICT');
      await repository.logChange({
        relationship: created,
        actorId,
        scope: null,
        action: 'invited',
        expiresAt: null,
        now,
      });
      await announce(created, 'invited');
      return created;
    },

    /** An administrator ends a relationship (as either side could). */
    async adminEnd(actorId: string, id: string) {
      const found = await repository.relationship(id);
      if (!found) throw notFound('Relationship not found');
      await endRelationship(actorId, found);
      return found;
    },

    /**
     * Delivers an invitation asked for by address (care-invitations.ts runs it as a job): to no
     * one when no account uses the address, the invited side is not a professional, or the pair
     * already has a relationship. The inviter is never told which (decision 045).
     */
    async deliverInvitation(userId: string, body: InviteBody): Promise<void> {
      const target = await repository.userByEmail(body.email);
      if (!target || target.id === userId) return;
      if (body.as === 'person') {
        const role = (await deps.viewerOf(target.id)).role;
        if (role !== 'client' && role !== 'admin') return;
      }
      const now = deps.now();
      const created = await repository.invite({
        professionalId: body.as === 'professional' ? userId : target.id,
        personId: body.as === 'professional' ? target.id : userId,
        initiatedBy: body.as,
        now,
      });
      if (!created) return;
      await repository.logChange({
        relationship: created,
        actorId: userId,
        scope: null,
        action: 'invited',
        expiresAt: null,
        now,
      });
      await announce(created, 'invited');
    },

    /** The invited side answers; the inviter cannot accept their own invitation. */
    async respond(userId: string, id: string, answer: 'accepted' | 'declined') {
      const found = await ownRelationship(userId, id);
      const side = found.personId === userId ? 'person' : 'professional';
      if (found.status !== 'pending' || found.initiatedBy === side)
        throw notFound('Invitation not found');
      const now = deps.now();
      await repository.setStatus(id, answer === 'accepted' ? 'active' : 'declined', now);
      await repository.logChange({
        relationship: found,
        actorId: userId,
        scope: null,
        action: answer,
        expiresAt: null,
        now,
      });
      await announce(found, answer);
      return { ok: true };
    },

    /** Either side ends it (or withdraws a pending invitation): every consent goes with it. */
    async end(userId: string, id: string) {
      await endRelationship(userId, await ownRelationship(userId, id));
      return { ok: true };
    },

    /** The person grants, changes or revokes one scope, with immediate effect. */
    async setConsent(userId: string, id: string, scope: CareScope, body: ConsentBody) {
      const found = await ownRelationship(userId, id);
      if (found.personId !== userId || found.status !== 'active')
        throw notFound('Relationship not found');
      const now = deps.now();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (body.granted && expiresAt && expiresAt.getTime() <= now.getTime())
        throw badRequest(
          'The end date must be in the future',
          [{ path: 'expiresAt', message: 'The end date must be in the future' }],
          'VALIDATION',
        );
      const before = await repository.consent(id, scope);
      const wasOn = consentInForce(before, now);
      if (body.granted) await repository.grant(id, scope, expiresAt, now);
      else if (before && !before.revokedAt) await repository.revoke(id, scope, now);
      else return await viewOf(userId, id);
      await repository.logChange({
        relationship: found,
        actorId: userId,
        scope,
        action: body.granted ? (wasOn ? 'changed' : 'granted') : 'revoked',
        expiresAt: body.granted ? expiresAt : null,
        now,
      });
      await announce(found, 'consent');
      return await viewOf(userId, id);
    },
  };
}
