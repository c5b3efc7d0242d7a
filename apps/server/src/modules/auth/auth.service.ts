import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  type SignInBody,
  type SignUpBody,
} from '@kaleido/shared/auth/auth.schemas';
import type { Config } from '../../config/env';
import { AppError, unauthorized } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityRepository } from '../identity/identity.repository';
import type { IdentityService } from '../identity/identity.service';
import { accountExistsEmail, passwordChangedEmail } from '../mail/mail-templates';
import type { Mailer } from '../mail/mailer';
import { RATE_LIMITS, type RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { recordSignIn } from '../security-events/security-notices';
import { authHeaders, callAuth } from './auth-call';
import { withPasswordAttempt } from './password-attempt';
import type { BetterAuth } from './better-auth';
import type { DeviceCookies } from './device-cookie';

export type AuthService = ReturnType<typeof createAuthService>;

interface Deps {
  auth: BetterAuth;
  identity: IdentityService;
  identityRepository: IdentityRepository;
  /** To close the sockets of sessions that end here. */
  announceSessionEnded: AnnounceSessionEnded;
  notifications: Pick<NotificationsService, 'notify'>;
  securityEvents: SecurityEventsService;
  rateLimits: RateLimitService;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  /** Refuses a disabled account once its password was right (the admin console disables). */
  accountStatus?: { refuseIfDisabled(userId: string): Promise<void> };
  /** Browsers that signed in to an account before: strangers' failures do not lock them out. */
  deviceCookies: DeviceCookies;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

export function createAuthService(deps: Deps) {
  const { auth, securityEvents, rateLimits } = deps;
  const signInLink = `${deps.config.publicUrl}/login`;

  /**
   * Mail (and the work that leads to it) is done after the answer, so that timing does not reveal
   * whether an account exists; a failure is logged.
   */
  const pending = new Set<Promise<unknown>>();
  function sendInBackground(send: () => Promise<unknown>) {
    // On the next turn of the event loop, once the answer is on its way: the embedded database
    // runs queries on this thread, so work started now would still delay the answer.
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        void send()
          .catch((error: unknown) =>
            deps.log.error({ err: error }, 'work after a sign-up or reset answer failed'),
          )
          .finally(resolve);
      });
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  }

  /** Sign-up's work for a new email, after the answer; better-auth sends the verification. */
  async function createAccount(body: SignUpBody, context: RequestContext): Promise<void> {
    const { response } = await callAuth(() =>
      auth.api.signUpEmail({
        body: { email: body.email, password: body.password, name: body.fullName, callbackURL: '/' },
        headers: authHeaders(context),
        returnHeaders: true,
      }),
    );
    await deps.identity.createProfile(response.user.id, body.fullName, body.email);
  }

  return {
    /**
     * Same answer whether or not the email is taken (no account enumeration). The owner of an
     * existing account is told by email instead. Both branches do the same work before the
     * answer — the limits, one lookup, one password hash — and their own after it: creating the
     * account (rows, verification mail) took longer than the dummy hash, so the time still told
     * (issue 16, then probe N13). A new account is thus hashed twice, the second time after the
     * answer, inside better-auth.
     */
    async signUp(body: SignUpBody, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.signUp, context.ip);
      await rateLimits.consume(RATE_LIMITS.emails, context.ip);
      const existing = await deps.identityRepository.findUserByEmail(body.email);
      await (await auth.$context).password.hash(body.password);
      sendInBackground(() =>
        existing
          ? deps.mailer.send(accountExistsEmail(existing.email, signInLink))
          : createAccount(body, context),
      );
    },

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
          return { twoFactorRequired: true, setCookies };
        }
        if ('user' in response) {
          await recordSignIn(deps, response.user.id, context.userAgent, 'password');
          setCookies.push(deps.deviceCookies.issue(device, response.user.id));
        }
        await attempt.succeeded();
        return { twoFactorRequired: false, setCookies };
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

    async resendVerification(email: string, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.verify, context.ip);
      await rateLimits.consume(RATE_LIMITS.emails, context.ip);
      const user = await deps.identityRepository.findUserByEmail(email);
      if (!user || user.emailVerified) return;
      await callAuth(() =>
        auth.api.sendVerificationEmail({
          body: { email, callbackURL: '/' },
          headers: authHeaders(context),
          returnHeaders: true,
        }),
      );
    },

    /** Verifies the emailed token; answers where the browser should land. */
    async verifyEmail(token: string, context: RequestContext): Promise<{ ok: boolean }> {
      await rateLimits.consume(RATE_LIMITS.verify, context.ip);
      try {
        // The email_verified event is recorded by better-auth's afterEmailVerification hook.
        await callAuth(() =>
          auth.api.verifyEmail({
            query: { token },
            headers: authHeaders(context),
            returnHeaders: true,
          }),
        );
        return { ok: true };
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return { ok: false };
        throw error;
      }
    },

    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.recover, context.ip);
      await rateLimits.consume(RATE_LIMITS.emails, context.ip);
      const user = await deps.identityRepository.findUserByEmail(email);
      if (!user) return;
      // After the answer, so that it comes as soon as for an unknown email (issue 16).
      sendInBackground(async () => {
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
      // better-auth replaced this session too; this tab reconnects after re-reading its session.
      deps.announceSessionEnded(user.id, { reason: 'password_changed' });
      await securityEvents.record(user.id, 'password_changed', { userAgent: context.userAgent });
      sendInBackground(() => deps.mailer.send(passwordChangedEmail(user.email, signInLink)));
      return { setCookies };
    },

    /** Waits for work promised by answers already sent (an account a sign-up said it made). */
    async settle(): Promise<void> {
      await Promise.all([...pending]);
    },

    requireSignedIn(userId: string | undefined): string {
      if (!userId) throw unauthorized('No user logged in');
      return userId;
    },
  };
}
