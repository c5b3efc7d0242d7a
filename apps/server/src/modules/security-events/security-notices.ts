import { describeUserAgent } from '@kaleido/shared/security-events/user-agent';
import type { SecurityEventsService } from './security-events.service';

/**
 * What the notice needs of notifications (their service is handed in): declared here so that
 * the security log, which auth, sessions and notifications' callers write to, depends on no
 * module (decision 050).
 */
export interface SecurityNotifier {
  notify(
    userId: string,
    notice: { type: 'settings'; title: string; message: string; link: string; emailLine: string },
  ): Promise<unknown>;
}

/**
 * Records a sign-in (`user_login`) and, when it comes from a device the account has not signed in
 * from before, tells the account's open tabs at once, so someone else using the password is
 * noticed. The notice never fails the sign-in. Answers whether this was the account's first
 * sign-in, so the first greeting is not "Welcome back!".
 */
export async function recordSignIn(
  deps: {
    securityEvents: SecurityEventsService;
    notifications: SecurityNotifier;
  },
  userId: string,
  userAgent: string | undefined,
  method: string,
): Promise<{ firstSignIn: boolean }> {
  const { firstSignIn, newDevice } = await deps.securityEvents
    .signInNovelty(userId, userAgent)
    .catch(() => ({ firstSignIn: false, newDevice: false }));
  await deps.securityEvents.record(userId, 'user_login', { userAgent, details: { method } });
  if (!newDevice) return { firstSignIn };
  // Our sentence about the device: nothing the person wrote, so the email says it too.
  const message = `Your account was signed in from ${describeUserAgent(userAgent, 'an unknown device')}. If this was not you, change your password.`;
  await deps.notifications
    .notify(userId, {
      type: 'settings',
      title: 'New sign-in',
      message,
      link: '/app/profile/security',
      emailLine: message,
    })
    .catch(() => undefined);
  return { firstSignIn };
}
