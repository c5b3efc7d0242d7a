import { z } from 'zod';
import {
  CARE_MESSAGES,
  InviteBodySchema,
  type InviteBody,
} from '@kaleido/shared/care/care.schemas';
import { DIRECTORY_MESSAGES, INVITE_LIMIT } from '@kaleido/shared/users/directory.schemas';
import type { JobQueue } from '../../jobs/job-queue';
import { badRequest } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { CareLogging } from './care-logging.repository';
import type { CarePolicy } from './care-policy';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import { announceChange } from './care-announcements';

export const CARE_INVITE_JOB = 'care-invite';

export type CareInvitations = ReturnType<typeof createCareInvitations>;

/** An inviter cannot mail every address they can think of (N15: none before). */
export const CARE_INVITE_LIMIT: RateLimitRule = {
  bucket: 'care-invite',
  max: INVITE_LIMIT.max,
  windowSeconds: INVITE_LIMIT.windowSeconds,
  message: 'You have sent many invitations. Please wait an hour and try again.',
};

/**
 * Inviting by address (decision 045): the answer is one sentence whether or not someone uses the
 * address, whatever their role. What the request does is the same either way (the inviter's
 * own checks, the rate limit, one job), so its timing says nothing either; the job then delivers
 * the invitation, or drops it (`deliver`).
 */
export function createCareInvitations(deps: {
  policy: Pick<CarePolicy, 'isProfessional'>;
  jobs: Pick<JobQueue, 'enqueue' | 'define'>;
  rateLimits: Pick<RateLimitService, 'consume'>;
  relationships: Pick<CareRelationshipsRepository, 'userByEmail' | 'invite' | 'usersByIds'>;
  notifications: Pick<NotificationsService, 'notify'>;
  logging: Pick<CareLogging, 'logChange'>;
  bus: Pick<EventBus, 'publish'>;
  viewerOf: (userId: string) => Promise<{ role: string }>;
  now: () => Date;
}) {
  const { relationships: repository } = deps;

  /**
   * Delivers an invitation asked for by address: to no one when no account uses the address, the
   * invited side is not a professional, or the pair already has a relationship. The inviter is
   * never told which (decision 045).
   */
  async function deliver(userId: string, body: InviteBody): Promise<void> {
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
    await deps.logging.logChange({
      relationship: created,
      actorId: userId,
      scope: null,
      action: 'invited',
      expiresAt: null,
      now,
    });
    await announceChange(deps.bus, created, 'invited');
    await tellInvited(userId, target.id, body.as);
  }

  /**
   * The invited side hears of it where they look (the bell, and mail when they are away and
   * chose email notifications), with a way to answer: the person on their dashboard, the
   * professional in their requests.
   */
  async function tellInvited(inviterId: string, invitedId: string, as: InviteBody['as']) {
    const [inviter] = await repository.usersByIds([inviterId]);
    const name = inviter?.name.trim() || inviter?.email || 'Someone';
    await deps.notifications.notify(
      invitedId,
      as === 'professional'
        ? {
            type: 'settings',
            title: `Invitation from ${name}`,
            message: `${name} invited you to work together as your professional. Accept or decline on your dashboard.`,
            link: '/app/dashboard',
            emailLine: `${name} invited you to work together in Kaleido.`,
          }
        : {
            type: 'settings',
            title: `Request from ${name}`,
            message: `${name} asked you to be their professional. Accept or decline in your requests.`,
            link: '/client/requests',
            emailLine: `${name} asked you to be their professional in Kaleido.`,
          },
    );
  }

  deps.jobs.define(
    CARE_INVITE_JOB,
    {
      // `userId`: the job names the inviter, so it goes with their data (jobs.repository.ts).
      payload: z.object({ userId: z.uuid(), invitation: InviteBodySchema }),
      maxAttempts: 3,
    },
    ({ userId, invitation }) => deliver(userId, invitation),
  );

  return {
    async request(user: { id: string; email: string }, body: InviteBody) {
      // Only what the inviter knows about themselves is refused.
      if (body.email.trim().toLowerCase() === user.email.toLowerCase())
        throw badRequest(CARE_MESSAGES.self, undefined, 'VALIDATION');
      if (body.as === 'professional' && !(await deps.policy.isProfessional(user.id)))
        throw badRequest(CARE_MESSAGES.notProfessionalInterface, undefined, 'VALIDATION');
      await deps.rateLimits.consume(CARE_INVITE_LIMIT, user.id);
      await deps.jobs.enqueue(CARE_INVITE_JOB, { userId: user.id, invitation: body });
      return { message: DIRECTORY_MESSAGES.invitationSent };
    },
  };
}
