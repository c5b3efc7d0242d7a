import { CARE_MESSAGES } from '@kaleido/shared/care/care.schemas';
import type {
  AdminRelationshipPage,
  AdminRelationshipsQuery,
  ProposeRelationshipBody,
} from '@kaleido/shared/admin/admin.schemas';
import type { EventBus } from '../../realtime/event-bus';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { CareAdminRepository } from './care-admin.repository';
import type { CareConsentsRepository } from './care-consents.repository';
import type { CareLogging } from './care-logging.repository';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import { announceChange } from './care-announcements';
import { endRelationship } from './relationship-changes';

/** What the admin console may do with relationships (the admin module's narrow interface). */
export type CareAdmin = ReturnType<typeof createCareAdmin>;

/**
 * Relationships from the admin console: every pair with its status, never what is shared; an
 * administrator proposes a relationship or ends one, as a side could.
 */
export function createCareAdmin(deps: {
  admin: CareAdminRepository;
  relationships: Pick<
    CareRelationshipsRepository,
    'userByEmail' | 'invite' | 'relationship' | 'setStatus'
  >;
  consents: Pick<CareConsentsRepository, 'revokeAll'>;
  logging: Pick<CareLogging, 'logChange'>;
  bus: Pick<EventBus, 'publish'>;
  viewerOf: (userId: string) => Promise<{ role: string }>;
  now: () => Date;
}) {
  const { relationships: repository } = deps;
  return {
    /** The admin console's view: every pair, with status; never what is shared. */
    async adminList(query: AdminRelationshipsQuery): Promise<AdminRelationshipPage> {
      const rows = await deps.admin.all({
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
      await deps.logging.logChange({
        relationship: created,
        actorId,
        scope: null,
        action: 'invited',
        expiresAt: null,
        now,
      });
      await announceChange(deps.bus, created, 'invited');
      return created;
    },

    /** An administrator ends a relationship (as either side could). */
    async adminEnd(actorId: string, id: string) {
      const found = await repository.relationship(id);
      if (!found) throw notFound('Relationship not found');
      await endRelationship(deps, actorId, found);
      return found;
    },
  };
}
