import type { Notification } from '@kaleido/shared/notifications/notifications.schemas';
import { escapeHtml } from '../mail/mail-templates';
import type { Mailer } from '../mail/mailer';
import type { RateLimitService } from '../rate-limit/rate-limit.service';

/** Someone active this recently sees the notification in the app; mail would be noise. */
const AWAY_AFTER_MS = 10 * 60_000;
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
  wantsEmail: (userId: string) => Promise<boolean>;
  lastActivityOf: (userId: string) => Promise<Date | null>;
  /** Whether the user has a socket open on this instance (no need to ask the database). */
  isConnected?: (userId: string) => boolean;
  emailOf: (userId: string) => Promise<string | null>;
  now: () => Date;
}) {
  return async function emailIfAway(userId: string, notification: Notification): Promise<void> {
    // An open app tab sees the notification; most recipients (a chat partner) have one.
    if (deps.isConnected?.(userId)) return;
    const last = await deps.lastActivityOf(userId);
    if (last && deps.now().getTime() - last.getTime() < AWAY_AFTER_MS) return;
    if (!(await deps.wantsEmail(userId))) return;
    const to = await deps.emailOf(userId);
    if (!to) return;
    try {
      await deps.rateLimits.consume(EMAIL_RULE, userId);
    } catch {
      return; // one was sent recently; the rest wait in the app
    }
    const link = `${deps.publicUrl}${notification.link ?? '/app/dashboard'}`;
    const footer =
      'You get these emails because email notifications are on in Settings → Notifications.';
    await deps.mailer.send({
      to,
      subject: `Kaleido: ${notification.title}`,
      text: `${notification.message}\n\nOpen Kaleido: ${link}\n\n${footer}`,
      html: `<p>${escapeHtml(notification.message)}</p><p><a href="${escapeHtml(link)}">Open Kaleido</a></p><p>${escapeHtml(footer)}</p>`,
    });
  };
}
