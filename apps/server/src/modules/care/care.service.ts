import {
  CARE_MESSAGES,
  CARE_SCOPES,
  type AccessLogResponse,
  type CareAccessWhat,
  type CareDashboard,
  type CareNote,
  type CarePersonSummary,
  type CareScope,
  type ConsentBody,
  type InviteBody,
  type MoodPoint,
  type Relationship,
  type RelationshipsResponse,
  type SharedEntry,
  type SharedTranscript,
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

export type CareService = ReturnType<typeof createCareService>;

const MOOD_TREND_LENGTH = 14;
const READ_LIMIT = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Working relationships, consent and what professionals read (SPEC §1 client interface).
 * Every read of a person's data goes through the policy and lands in the access log.
 */
export function createCareService(deps: {
  repository: CareRepository;
  policy: CarePolicy;
  bus: Pick<EventBus, 'publish'>;
  viewerOf: (userId: string) => Promise<{ role: string }>;
  privacyOf: (userId: string) => Promise<{ insights_visible_to_clients: boolean }>;
  professionalOf: (userId: string) => Promise<{ ethical_use_confirmed: boolean }>;
  now: () => Date;
}) {
  const { repository, policy } = deps;

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
    for (const userId of [relationship.professionalId, relationship.personId])
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

  async function logRead(
    professionalId: string,
    personId: string,
    what: CareAccessWhat,
    itemCount: number,
  ) {
    await repository.logAccess({ personId, professionalId, what, itemCount, now: deps.now() });
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

    async invite(userId: string, body: InviteBody) {
      const target = await repository.userByEmail(body.email);
      if (!target) throw notFound(CARE_MESSAGES.noAccount);
      if (target.id === userId) throw badRequest(CARE_MESSAGES.self, undefined, 'VALIDATION');
      let professionalId: string;
      let personId: string;
      if (body.as === 'professional') {
        if (!(await policy.isProfessional(userId)))
          throw badRequest(CARE_MESSAGES.notProfessionalInterface, undefined, 'VALIDATION');
        professionalId = userId;
        personId = target.id;
      } else {
        const role = (await deps.viewerOf(target.id)).role;
        if (role !== 'client' && role !== 'admin')
          throw badRequest(CARE_MESSAGES.notProfessional, undefined, 'VALIDATION');
        professionalId = target.id;
        personId = userId;
      }
      const now = deps.now();
      const created = await repository.invite({
        professionalId,
        personId,
        initiatedBy: body.as,
        now,
      });
      if (!created) throw conflict(CARE_MESSAGES.alreadyLinked, 'CARE_CONFLICT');
      await repository.logChange({
        relationship: created,
        actorId: userId,
        scope: null,
        action: 'invited',
        expiresAt: null,
        now,
      });
      await announce(created, 'invited');
      return await viewOf(userId, created.id);
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

    async accessLog(personId: string): Promise<AccessLogResponse> {
      const [entries, changes] = await Promise.all([
        repository.accessOf(personId),
        repository.changesOf(personId),
      ]);
      return {
        entries: entries.map((e) => ({
          id: e.id,
          professional: { id: e.professionalId, name: e.professionalName },
          what: e.what,
          itemCount: e.itemCount,
          at: e.at.toISOString(),
        })),
        changes: changes.map((c) => ({
          id: c.id,
          relationshipId: c.relationshipId,
          scope: c.scope,
          action: c.action,
          expiresAt: iso(c.expiresAt),
          at: c.at.toISOString(),
        })),
      };
    },

    // The professional's side.

    async dashboard(professionalId: string): Promise<CareDashboard> {
      const rows = (await repository.relationshipsOf(professionalId)).filter(
        (r) => r.professionalId === professionalId,
      );
      return {
        activeClients: rows.filter((r) => r.status === 'active').length,
        pendingRequests: rows.filter((r) => r.status === 'pending').length,
        openAlerts: 0,
        ethicalUseConfirmed: (await deps.professionalOf(professionalId)).ethical_use_confirmed,
      };
    },

    /** The people a professional works with: mood trend where shared (a logged read). */
    async people(professionalId: string): Promise<CarePersonSummary[]> {
      if (!(await policy.isProfessional(professionalId))) return [];
      const rows = await repository.activeOfProfessional(professionalId);
      if (rows.length === 0) return [];
      await policy.assertEthicalUse(professionalId);
      const people = await repository.usersByIds(rows.map((r) => r.personId));
      const result: CarePersonSummary[] = [];
      for (const r of rows) {
        const scopes = await policy.scopesOf(r);
        let moodTrend: MoodPoint[] | null = null;
        let lastActivityAt: string | null = null;
        if (scopes.includes('mood_and_insights')) {
          const moods = await repository.moods(r.personId, MOOD_TREND_LENGTH);
          moodTrend = moods
            .reverse()
            .map((m) => ({ date: m.createdAt.toISOString(), mood: m.mood }));
          lastActivityAt = moods.at(-1)?.createdAt.toISOString() ?? null;
          await logRead(professionalId, r.personId, 'mood_trend', moods.length);
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

    /** What a professional may see of one person: the scopes in force, and what is not shared. */
    async person(professionalId: string, personId: string) {
      const { relationship, scopes } = await policy.mayView(professionalId, personId);
      const [person] = await repository.usersByIds([personId]);
      return {
        id: personId,
        name: person?.name ?? '',
        relationshipId: relationship.id,
        since: (relationship.respondedAt ?? relationship.createdAt).toISOString(),
        scopes,
        notShared: CARE_SCOPES.filter((s) => !scopes.includes(s)),
      };
    },

    async moodTrend(professionalId: string, personId: string): Promise<{ points: MoodPoint[] }> {
      await policy.mayRead(professionalId, personId, 'mood_and_insights');
      const moods = await repository.moods(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'mood_trend', moods.length);
      return {
        points: moods.reverse().map((m) => ({ date: m.createdAt.toISOString(), mood: m.mood })),
      };
    },

    async sharedEntries(
      professionalId: string,
      personId: string,
    ): Promise<{ entries: SharedEntry[] }> {
      await policy.mayRead(professionalId, personId, 'shared_journal_entries');
      const rows = await repository.sharedEntries(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'shared_entries', rows.length);
      return { entries: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
    },

    async transcripts(
      professionalId: string,
      personId: string,
    ): Promise<{ transcripts: SharedTranscript[] }> {
      await policy.mayRead(professionalId, personId, 'voice_note_transcripts');
      const rows = await repository.transcripts(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'transcripts', rows.length);
      return {
        transcripts: rows.map((t) => ({
          id: t.id,
          title: t.title,
          transcript: t.transcript ?? '',
          createdAt: t.createdAt.toISOString(),
        })),
      };
    },

    // Private notes: the professional's own, about a person they work with now.

    async notes(professionalId: string, personId: string): Promise<{ notes: CareNote[] }> {
      await policy.mayView(professionalId, personId);
      const rows = await repository.notes(professionalId, personId);
      return { notes: rows.map(noteOut) };
    },

    async addNote(professionalId: string, personId: string, content: string): Promise<CareNote> {
      await policy.mayView(professionalId, personId);
      return noteOut(await repository.addNote(professionalId, personId, content, deps.now()));
    },

    async updateNote(professionalId: string, id: string, content: string): Promise<CareNote> {
      const note = await repository.note(id);
      if (note?.professionalId !== professionalId) throw notFound('Note not found');
      return noteOut(await repository.updateNote(id, content, deps.now()));
    },

    async deleteNote(professionalId: string, id: string) {
      const note = await repository.note(id);
      if (note?.professionalId !== professionalId) throw notFound('Note not found');
      await repository.deleteNote(id);
      return { ok: true };
    },

    exportFor: async (userId: string) => {
      const data = await repository.exportOf(userId);
      return JSON.parse(JSON.stringify(data)) as unknown;
    },
    deleteDataOf: (userId: string) => repository.deleteDataOf(userId),
  };
}

function noteOut(row: { id: string; content: string; createdAt: Date; updatedAt: Date }): CareNote {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
