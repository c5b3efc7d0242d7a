import type { SecurityEventsService } from '../security-events/security-events.service';
import type { NotificationsService } from './notifications.service';

/** A short, human name for a browser from its user agent ("Chrome on Linux"). */
export function describeUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return 'an unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'a browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Records a sign-in (`user_login`) and, when it comes from a device the account has not signed in
 * from before, tells the account's open tabs at once, so someone else using the password is
 * noticed. The notice never fails the sign-in.
 */
export async function recordSignIn(
  deps: {
    securityEvents: SecurityEventsService;
    notifications: Pick<NotificationsService, 'notify'>;
  },
  userId: string,
  userAgent: string | undefined,
  method: string,
): Promise<void> {
  const newDevice = await deps.securityEvents.isNewDevice(userId, userAgent).catch(() => false);
  await deps.securityEvents.record(userId, 'user_login', { userAgent, details: { method } });
  if (!newDevice) return;
  await deps.notifications
    .notify(userId, {
      type: 'settings',
      title: 'New sign-in',
      message: `Your account was signed in from ${describeUserAgent(userAgent)}. If this was not you, change your password.`,
      link: '/app/profile/security',
    })
    .catch(() => undefined);
}
