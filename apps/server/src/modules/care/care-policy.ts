import type { CareScope } from '@kaleido/shared/care/care.schemas';
import { CARE_MESSAGES } from '@kaleido/shared/care/care.schemas';
import { effectiveRoleOf, type ProfileViewer } from '@kaleido/shared/profile/profile-access';
import { forbidden, notFound } from '../../http/errors';
import type { CareConsentsRepository, ConsentRow } from './care-consents.repository';
import type { CareRelationshipsRepository, RelationshipRow } from './care-relationships.repository';

export type CarePolicy = ReturnType<typeof createCarePolicy>;

/** Is one consent row in force at `now` (granted, not revoked, not past its end date)? */
export function consentInForce(consent: ConsentRow | null | undefined, now: Date): boolean {
  if (!consent || consent.revokedAt) return false;
  return consent.expiresAt === null || consent.expiresAt.getTime() > now.getTime();
}

/**
 * The one answer to "may professional P read scope S of person U now" (DESIGN §9: sharing and
 * consent as data, one policy module). Every care endpoint that shows a person's data asks here,
 * at the moment of the read, so a revocation takes effect on the next request. Without an active
 * relationship, the scope in force and the person's master switch the answer is 404: a
 * professional never learns what exists beyond their consent. A professional who has not
 * confirmed the ethical-use statement is refused (403) before any first access.
 */
export function createCarePolicy(deps: {
  relationships: Pick<CareRelationshipsRepository, 'openBetween'>;
  consents: Pick<CareConsentsRepository, 'consentsOf'>;
  viewerOf: (userId: string) => Promise<ProfileViewer>;
  privacyOf: (userId: string) => Promise<{ insights_visible_to_clients: boolean }>;
  professionalOf: (userId: string) => Promise<{ ethical_use_confirmed: boolean }>;
  now: () => Date;
}) {
  const notShared = () => notFound('Not found');

  /** The caller acts as a professional now (a client, or an admin in the client interface). */
  async function isProfessional(userId: string) {
    return effectiveRoleOf(await deps.viewerOf(userId)) === 'client';
  }

  async function assertEthicalUse(professionalId: string) {
    if (!(await deps.professionalOf(professionalId)).ethical_use_confirmed)
      throw forbidden(CARE_MESSAGES.ethicalUseRequired, 'ETHICAL_USE_REQUIRED');
  }

  /** The active relationship of P with U, with P acting as a professional; else 404. */
  async function relationship(professionalId: string, personId: string): Promise<RelationshipRow> {
    if (professionalId === personId || !(await isProfessional(professionalId))) throw notShared();
    const found = await deps.relationships.openBetween(professionalId, personId);
    if (found?.status !== 'active') throw notShared();
    return found;
  }

  /** The scopes in force for a relationship now (none when the master switch is off). */
  async function scopesOf(relationship: RelationshipRow): Promise<CareScope[]> {
    if (!(await deps.privacyOf(relationship.personId)).insights_visible_to_clients) return [];
    const now = deps.now();
    return (await deps.consents.consentsOf([relationship.id]))
      .filter((c) => consentInForce(c, now))
      .map((c) => c.scope);
  }

  return {
    isProfessional,
    assertEthicalUse,
    relationship,
    scopesOf,

    /** The person's page: an active relationship (any scopes), after the ethical-use check. */
    async mayView(professionalId: string, personId: string) {
      const found = await relationship(professionalId, personId);
      await assertEthicalUse(professionalId);
      return { relationship: found, scopes: await scopesOf(found) };
    },

    /** May P read scope S of U now? Returns the relationship, or throws 404 (403 for ethics). */
    async mayRead(professionalId: string, personId: string, scope: CareScope) {
      const found = await relationship(professionalId, personId);
      if (!(await scopesOf(found)).includes(scope)) throw notShared();
      await assertEthicalUse(professionalId);
      return found;
    },
  };
}
