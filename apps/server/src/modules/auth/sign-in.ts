import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_NOT_VERIFIED_MESSAGE, type SignInBody } from '@kaleido/shared/auth/auth.schemas';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityRepository } from '../identity/identity.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import { RATE_LIMITS, type RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { recordSignIn } from '../security-events/security-notices';
import { authHeaders, callAuth } from './auth-call';
import type { BetterAuth } from './better-auth';
import type { DeviceCookies } from './device-cookie';

export type SignIn = ReturnType<typeof createSignIn>;

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Signing in with a password (the lock, the device cookie, a disabled account) and out. */
export function createSignIn(deps: {
  auth: BetterAuth;
  identityRepository: Pick<IdentityRepository, 'findUserByEmail'>;
  /** To close the sockets of sessions that end here. */
  announceSessionEnded: AnnounceSessionEnded;
  notifications: Pick<NotificationsService, 'notify'>;
  securityEvents: SecurityEventsService;
  rateLimits: RateLimitService;
  log: FastifyBaseLogger;
  /** Refuses a disabled account once its password was right (the admin console disables). */
  accountStatus?: { refuseIfDisabled(userId: string): Promise<void> };
  /** Browsers that signed in to an account before: strangers' failures do not lock them out. */
  deviceCookies: DeviceCookies;
}) {
  const { auth, securityEvents, rateLimits } = deps;

  return {
    /** `device`: this browser's device cookie, if any (auth/device-cookie.ts). */
    async signIn(body: SignInBody, context: RequestContext, device?: string) {
      await rateLimits.consume(RATE_LIMITS.signIn, context.ip);
      // Looked up for every email, known or not, so the time taken tells nothing.
      const account = await deps.identityRepository.findUserByEmail(body.email);
      // Counted before the password is checked, so a burst cannot beat the lock (issue 16).
      // The account's ceiling spares a browser that signed in before and an account with a
      // second factor (probe N12).
      const attempt = await rateLimits.beginPasswordAttempt(body.email, context.ip, {
        device: deps.deviceCookies.recognised(device, account?.id),
        secondFactor: account?.twoFactorEnabled === true,
      });
      try {
        const { response, setCookies } = await callAuth(
          () =>
            auth.api.signInEmail({
              body: { email: body.email, password: body.password, rememberMe: true },
              headers: authHeaders(context),
              returnHeaders: true,
            }),
          {
            INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
            INVALID_EMAIL: INVALID_CREDENTIALS,
            EMAIL_NOT_VERIFIED: EMAIL_NOT_VERIFIED_MESSAGE,
          },
        );
        // The password was right: a disabled account hears so (before any second factor).
        const signedIn = 'user' in response ? response.user.id : undefined;
        const userId = signedIn ?? account?.id;
        if (userId) await deps.accountStatus?.refuseIfDisabled(userId);
        if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
          // The password was right; the second factor has limits of its own.
          await attempt.succeeded();
          return { twoFactorRequired: true, firstSignIn: false, setCookies };
        }
        let firstSignIn = false;
        if ('user' in response) {
          ({ firstSignIn } = await recordSignIn(
            deps,
            response.user.id,
            context.userAgent,
            'password',
          ));
          setCookies.push(deps.deviceCookies.issue(device, response.user.id));
        }
        await attempt.succeeded();
        return { twoFactorRequired: false, firstSignIn, setCookies };
      } catch (error) {
        if (error instanceof AppError && error.options.code === 'EMAIL_NOT_VERIFIED') {
          // The password was right (better-auth checks it first); only the address is unproven.
          await attempt.succeeded();
        }
        if (error instanceof AppError && error.statusCode === 401) {
          if (account)
            await securityEvents.record(account.id, 'sign_in_failed', {
              userAgent: context.userAgent,
              details: { reason: 'invalid_password' },
            });
          // Over the ceiling only the right password was let through: a wrong one is refused
          // as before, so guessing learns nothing new.
          if (attempt.overCeiling) throw attempt.overCeiling;
        }
        if (error instanceof AppError && error.options.code === 'EMAIL_NOT_VERIFIED') {
          // A fresh link, within the email budget, so the person is never stuck.
          await rateLimits.consume(RATE_LIMITS.emails, context.ip);
          await callAuth(() =>
            auth.api.sendVerificationEmail({
              body: { email: body.email, callbackURL: '/' },
              headers: authHeaders(context),
              returnHeaders: true,
            }),
          ).catch((e: unknown) => deps.log.warn({ err: e }, 'could not resend verification'));
        }
        throw error;
      }
    },

    async signOut(userId: string, sessionId: string, context: RequestContext) {
      const { setCookies } = await callAuth(() =>
        auth.api.signOut({ headers: authHeaders(context), returnHeaders: true }),
      );
      await securityEvents.record(userId, 'user_logout', { userAgent: context.userAgent });
      deps.announceSessionEnded(userId, { reason: 'signed_out', sessionId });
      return { setCookies };
    },
  };
}
