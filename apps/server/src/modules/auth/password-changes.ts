import type { Config } from '../../config/env';
import type { RequestContext } from '../../http/request-context';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityRepository } from '../identity/identity.repository';
import { passwordChangedEmail } from '../mailer/mail-templates';
import type { Mailer } from '../mailer/mailer';
import { RATE_LIMITS, type RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { WorkAfterAnswer } from './after-answer';
import { authHeaders, callAuth } from './auth-call';
import type { BetterAuth } from './better-auth';
import { withPasswordAttempt } from './password-attempt';

export type PasswordChanges = ReturnType<typeof createPasswordChanges>;

const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/** A forgotten password reset by email, and a known one changed; both end other sessions. */
export function createPasswordChanges(deps: {
  auth: BetterAuth;
  identityRepository: Pick<
    IdentityRepository,
    'findUserByEmail' | 'userIdForResetToken' | 'findProfile' | 'clearPasswordChangeRequired'
  >;
  /** To close the sockets of sessions that end here. */
  announceSessionEnded: AnnounceSessionEnded;
  securityEvents: SecurityEventsService;
  rateLimits: RateLimitService;
  mailer: Mailer;
  config: Config;
  afterAnswer: WorkAfterAnswer;
}) {
  const { auth, securityEvents, rateLimits } = deps;
  const signInLink = `${deps.config.publicUrl}/login`;

  return {
    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.recover, context.ip);
      await rateLimits.consume(RATE_LIMITS.emails, context.ip);
      const user = await deps.identityRepository.findUserByEmail(email);
      if (!user) return;
      // After the answer, so that it comes as soon as for an unknown email (issue 16).
      deps.afterAnswer.run(async () => {
        await securityEvents.record(user.id, 'password_reset_requested', {
          userAgent: context.userAgent,
        });
        await callAuth(() =>
          auth.api.requestPasswordReset({
            body: { email, redirectTo: '/auth/reset-password' },
            headers: authHeaders(context),
            returnHeaders: true,
          }),
        );
      });
    },

    async resetPassword(token: string, password: string, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.recover, context.ip);
      const userId = await deps.identityRepository.userIdForResetToken(token, new Date());
      await callAuth(
        () =>
          auth.api.resetPassword({
            body: { token, newPassword: password },
            headers: authHeaders(context),
            returnHeaders: true,
          }),
        {
          INVALID_TOKEN:
            'This reset link has expired or was already used. Please request a new one.',
        },
      );
      if (userId) {
        // Proof of owning the mailbox: the lock the message told them to reset their way out of ends.
        const email = (await deps.identityRepository.findProfile(userId))?.email;
        if (email) await rateLimits.clearPasswordLock(email);
        await deps.identityRepository.clearPasswordChangeRequired(userId);
        await securityEvents.record(userId, 'password_reset_completed', {
          userAgent: context.userAgent,
        });
        // The reset revoked every session of the account.
        deps.announceSessionEnded(userId, { reason: 'password_changed' });
      }
    },

    /** Changes the password and signs out every other session of the account. */
    async changePassword(
      user: { id: string; email: string },
      currentPassword: string,
      newPassword: string,
      context: RequestContext,
    ) {
      // A stolen session must not become a way to guess the password: same lock as sign-in.
      const { setCookies } = await withPasswordAttempt(rateLimits, user.email, context, () =>
        callAuth(
          () =>
            auth.api.changePassword({
              body: { currentPassword, newPassword, revokeOtherSessions: true },
              headers: authHeaders(context),
              returnHeaders: true,
            }),
          { INVALID_PASSWORD: WRONG_CURRENT_PASSWORD },
        ),
      );
      await deps.identityRepository.clearPasswordChangeRequired(user.id);
      // better-auth replaced this session too; this tab reconnects after re-reading its session.
      deps.announceSessionEnded(user.id, { reason: 'password_changed' });
      await securityEvents.record(user.id, 'password_changed', { userAgent: context.userAgent });
      deps.afterAnswer.run(() => deps.mailer.send(passwordChangedEmail(user.email, signInLink)));
      return { setCookies };
    },
  };
}
