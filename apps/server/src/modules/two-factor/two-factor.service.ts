import { RATE_LIMITS, type RateLimitService } from '../rate-limit/rate-limit.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { RequestContext } from '../../http/request-context';
import { authHeaders, callAuth } from '../auth/auth-call';
import type { BetterAuth } from '../auth/better-auth';
import type { DeviceCookies } from '../auth/device-cookie';
import { withPasswordAttempt } from '../auth/password-attempt';
import type { NotificationsService } from '../notifications/notifications.service';
import { recordSignIn } from '../security-events/security-notices';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

const WRONG_PASSWORD = { INVALID_PASSWORD: 'Your password is not correct.' };
const WRONG_CODE = {
  INVALID_CODE: 'That code is not correct. Please try again.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in attempt has expired. Please sign in again.',
  INVALID_BACKUP_CODE: 'That recovery code is not valid.',
};

/** Optional TOTP second factor (authenticator apps) with recovery codes, on better-auth's plugin. */
export function createTwoFactorService(deps: {
  auth: BetterAuth;
  securityEvents: SecurityEventsService;
  rateLimits: RateLimitService;
  notifications: Pick<NotificationsService, 'notify'>;
  deviceCookies: DeviceCookies;
}) {
  const { auth } = deps;
  return {
    /** Starts enrollment: a secret to scan and recovery codes; active once a code confirms it. */
    async enroll(user: { email: string }, password: string, context: RequestContext) {
      // Wrong passwords here count toward the sign-in lock: a stolen session is no oracle.
      const { response } = await withPasswordAttempt(deps.rateLimits, user.email, context, () =>
        callAuth(
          () =>
            auth.api.enableTwoFactor({
              body: { password },
              headers: authHeaders(context),
              returnHeaders: true,
            }),
          WRONG_PASSWORD,
        ),
      );
      if (response.method !== 'totp') throw new Error('expected TOTP enrollment');
      return { totpURI: response.totpURI, recoveryCodes: response.backupCodes };
    },

    async confirm(userId: string, code: string, context: RequestContext) {
      await deps.rateLimits.consume(RATE_LIMITS.twoFactor, context.ip);
      const { setCookies } = await callAuth(
        () =>
          auth.api.verifyTOTP({
            body: { code },
            headers: authHeaders(context),
            returnHeaders: true,
          }),
        WRONG_CODE,
      );
      await deps.securityEvents.record(userId, 'two_factor_enabled', {
        userAgent: context.userAgent,
      });
      return { setCookies };
    },

    async disable(user: { id: string; email: string }, password: string, context: RequestContext) {
      const { setCookies } = await withPasswordAttempt(deps.rateLimits, user.email, context, () =>
        callAuth(
          () =>
            auth.api.disableTwoFactor({
              body: { password },
              headers: authHeaders(context),
              returnHeaders: true,
            }),
          WRONG_PASSWORD,
        ),
      );
      await deps.securityEvents.record(user.id, 'two_factor_disabled', {
        userAgent: context.userAgent,
      });
      return { setCookies };
    },

    /**
     * Second step of sign-in: the code from the app, or one recovery code. `device` is this
     * browser's device cookie, renewed for the account once both factors are proven.
     */
    async completeSignIn(
      kind: 'totp' | 'recovery',
      code: string,
      context: RequestContext,
      device?: string,
    ) {
      await deps.rateLimits.consume(RATE_LIMITS.twoFactor, context.ip);
      const headers = authHeaders(context);
      const { response, setCookies } =
        kind === 'totp'
          ? await callAuth(
              () => auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
              WRONG_CODE,
            )
          : await callAuth(
              () => auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true }),
              WRONG_CODE,
            );
      const user = 'user' in response ? (response.user as { id: string; email: string }) : null;
      if (user) {
        // Password and second factor both proven: whatever lock strangers caused is lifted.
        await deps.rateLimits.clearPasswordLock(user.email);
        await recordSignIn(deps, user.id, context.userAgent, `password+${kind}`);
        setCookies.push(deps.deviceCookies.issue(device, user.id));
      }
      return { setCookies };
    },
  };
}
