import { z } from 'zod';
import { NOTIFICATIONS_KEPT } from './notifications.constants';

/** Kinds of notification, one per modality (SPEC §3 Notification). */
export const NOTIFICATION_TYPES = [
  'chat',
  'voice',
  'email',
  'calls',
  'journal',
  'settings',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  /** Where 'View' leads, an app path such as /app/chat/<id>. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export { NOTIFICATIONS_KEPT } from './notifications.constants';

/** Mark some notifications read, or all of them when `ids` is omitted. */
export const MarkNotificationsReadBodySchema = z.strictObject({
  ids: z.array(z.uuid()).max(NOTIFICATIONS_KEPT).optional(),
});
