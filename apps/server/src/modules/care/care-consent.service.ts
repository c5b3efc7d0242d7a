import type { CareScope, ConsentBody } from '@kaleido/shared/care/care.schemas';
import type { EventBus } from '../../realtime/event-bus';
import { badRequest, notFound } from '../../http/errors';
import type { CareConsentsRepository } from './care-consents.repository';
import type { CareLogging } from './care-logging.repository';
import { consentInForce } from './care-policy';
import type { CareRelationships } from './care-relationships.service';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import { announceChange } from './care-announcements';
import { ownRelationship } from './relationship-changes';

export type CareConsent = ReturnType<typeof createCareConsent>;

/**
 * The consent the person gives (decision 023): they grant, change or revoke each scope of an
 * active relationship, with immediate effect; each change is logged and announced to both sides.
 */
export function createCareConsent(deps: {
  relationships: Pick<CareRelationshipsRepository, 'relationship'>;
  consents: Pick<CareConsentsRepository, 'consent' | 'grant' | 'revoke'>;
  logging: Pick<CareLogging, 'logChange'>;
  bus: Pick<EventBus, 'publish'>;
  /** The relationship as the person sees it after the change (care-relationships.service.ts). */
  views: Pick<CareRelationships, 'viewOf'>;
  now: () => Date;
}) {
  const { consents } = deps;
  return {
    /** The person grants, changes or revokes one scope, with immediate effect. */
    async setConsent(userId: string, id: string, scope: CareScope, body: ConsentBody) {
      const found = await ownRelationship(deps.relationships, userId, id);
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
      const before = await consents.consent(id, scope);
      const wasOn = consentInForce(before, now);
      if (body.granted) await consents.grant(id, scope, expiresAt, now);
      else if (before && !before.revokedAt) await consents.revoke(id, scope, now);
      else return await deps.views.viewOf(userId, id);
      await deps.logging.logChange({
        relationship: found,
        actorId: userId,
        scope,
        action: body.granted ? (wasOn ? 'changed' : 'granted') : 'revoked',
        expiresAt: body.granted ? expiresAt : null,
        now,
      });
      await announceChange(deps.bus, found, 'consent');
      return await deps.views.viewOf(userId, id);
    },
  };
}
