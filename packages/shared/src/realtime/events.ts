import { z } from 'zod';
import { CallEventSchemas, CallSignalSchema } from '../calls/calls.schemas';
import { CareEventSchemas } from '../care/care.schemas';
import { ChatEventSchemas } from '../chat/chat.schemas';
import { InsightsEventSchemas } from '../insights/insights.schemas';
import { JournalEventSchemas } from '../journal/journal.schemas';
import { MailEventSchemas } from '../email/email.schemas';
import { NotificationSchema } from '../notifications/notifications.schemas';

/**
 * The realtime protocol over the one WebSocket per tab at /api/realtime.
 * Server events are named in the past tense; each has a zod schema for its data.
 */
export { CLOSE_CODES, HEARTBEAT_MS, REALTIME_PATH } from './realtime.constants';

export const ServerEventSchemas = {
  'notification.created': z.object({ notification: NotificationSchema }),
  'notifications.read': z.object({ ids: z.array(z.string()) }),
  'notifications.cleared': z.object({}),
  ...ChatEventSchemas,
  ...JournalEventSchemas,
  ...InsightsEventSchemas,
  ...MailEventSchemas,
  ...CareEventSchemas,
  ...CallEventSchemas,
  /** A transcription job finished or failed; `targetKind`/`targetId` say what it was for. */
  'transcription.updated': z.object({
    jobId: z.string(),
    targetKind: z.string(),
    targetId: z.string(),
    status: z.enum(['queued', 'done', 'failed']),
    text: z.string().optional(),
    error: z.string().optional(),
  }),
  /** The session behind this socket ended (sign-out, idle timeout, revoke); the socket closes. */
  'session.ended': z.object({
    reason: z.enum(['signed_out', 'session_timeout', 'revoked', 'password_changed']),
    /** Which session ended; when absent, every session of the user except `exceptSessionId`. */
    sessionId: z.string().optional(),
    exceptSessionId: z.string().optional(),
  }),
} as const;

export type ServerEventName = keyof typeof ServerEventSchemas;
export type ServerEventData<N extends ServerEventName> = z.infer<(typeof ServerEventSchemas)[N]>;

/** What the server sends. `seq` orders events of a room for resume (absent for ephemeral ones). */
export type ServerMessage =
  | { type: 'ready'; userId: string }
  | {
      [N in ServerEventName]: {
        type: 'event';
        room: string;
        name: N;
        data: ServerEventData<N>;
        seq?: string;
      };
    }[ServerEventName]
  /**
   * After a subscribe with `afterSeq`: the replay is over. `more`: it stopped at its size budget;
   * subscribe again with `afterSeq: nextAfterSeq` for the next page.
   */
  | { type: 'replayed'; room: string; more: false }
  | { type: 'replayed'; room: string; more: true; nextAfterSeq: string }
  | { type: 'pong' }
  | { type: 'error'; message: string }
  /**
   * An action sent over the socket (a call signal) was refused; `ref` names what it was about
   * (the call id), `code` comes from API_ERROR_CODES. Sent to the sending socket only.
   */
  | { type: 'refused'; ref: string; code: string; message: string };

/**
 * A room is `<kind>:<id>`, ids being UUIDs or account ids: anything else (a NUL byte, a lone
 * surrogate, spaces) is refused here, before it could reach a query.
 */
const RoomSchema = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z-]*:[A-Za-z0-9_-]+$/);

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('subscribe'),
    room: RoomSchema,
    afterSeq: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), room: RoomSchema }),
  /** A call signal (invite, accept, offer, ICE, ...): calls.schemas.ts. */
  z.object({ type: z.literal('call'), signal: CallSignalSchema }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
