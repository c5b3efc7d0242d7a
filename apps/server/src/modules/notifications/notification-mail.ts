import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { escapeHtml } from '../mailer/mail-templates';
import type { Mailer } from '../mailer/mailer';
import type { IdentityRepository } from '../identity/identity.repository';
import type { RateLimitService } from '../rate-limit/rate-limit.service';
import type { Preferences } from '../settings/preferences';

/**
 * When the person last did something in the app (any session); the session service answers it.
 * Declared here so that notifications, which nearly every module calls, knows no more of
 * sessions than this (decision 050).
 */
export interface LastActivity {
  lastActivityOf(userId: string): Promise<Date | null>;
}

/** Someone active this recently sees the notification in the app; mail would be noise. */
const AWAY_AFTER_MS = 10 * 60_000;
/** What the email says when the notifier gave no line of its own. */
const GENERIC_LINE = 'You have a new notification in Kaleido.';
/** At most one notification email per person per quarter hour. */
const EMAIL_RULE = { bucket: 'notification-email', max: 1, windowSeconds: 15 * 60, message: '' };

/**
 * Emails a notification to someone who is away, when their `email_notifications` setting is on
 * (the default). In the app they still get the bell; this is for when the app is closed.
 */
export function createNotificationMail(deps: {
  mailer: Mailer;
  rateLimits: RateLimitService;
  publicUrl: string;
  preferences: Pick<Preferences, 'notificationsOf'>;
  sessions: LastActivity;
  /** Who has a socket open on this instance (no need to ask the database). */
  presence?: { isConnected(userId: string): boolean };
  identity: Pick<IdentityRepository, 'findProfile'>;
  now: () => Date;
}) {
  return async function emailIfAway(
    userId: string,
    notification: Notification,
    /** A sentence with no one's words in it (NotificationsService.notify); else a generic one. */
    emailLine = GENERIC_LINE,
  ): Promise<void> {
    // An open app tab sees the notification; most recipients (a chat partner) have one.
    if (deps.presence?.isConnected(userId)) return;
    const last = await deps.sessions.lastActivityOf(userId);
    if (last && deps.now().getTime() - last.getTime() < AWAY_AFTER_MS) return;
    if (!(await deps.preferences.notificationsOf(userId)).email_notifications) return;
    const to = (await deps.identity.findProfile(userId))?.email;
    if (!to) return;
    try {
      await deps.rateLimits.consume(EMAIL_RULE, userId);
    } catch {
      return; // one was sent recently; the rest wait in the app
    }
    const link = `${deps.publicUrl}${notification.link ?? '/app/dashboard'}`;
    const footer =
      'You get these emails because email notifications are on in Settings → Notifications.';
    // Never `notification.message`: it may hold what someone wrote (a chat preview).
    await deps.mailer.send({
      kind: 'notification',
      to,
      subject: `Kaleido: ${notification.title}`,
      text: `${emailLine}\n\nOpen Kaleido: ${link}\n\n${footer}`,
      html: `<p>${escapeHtml(emailLine)}</p><p><a href="${escapeHtml(link)}">Open Kaleido</a></p><p>${escapeHtml(footer)}</p>`,
    });
  };
}
