import type { FastifyBaseLogger } from 'fastify';
import { CALL_MESSAGES } from '@kaleido/shared/calls/calls.schemas';
import type { NotificationsService } from '../notifications/notifications.service';
import type { CallRecord } from './call-record-query';

/**
 * The callee's bell (and mail, when away) for a call they did not take: nobody answered, the
 * caller gave up, or they were in another call (`busy`). A failed notice never fails the call.
 */
export async function notifyMissedCall(
  deps: {
    notifications: Pick<NotificationsService, 'notify'>;
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
  record: CallRecord,
  busy: boolean,
): Promise<void> {
  if (!record.calleeId) return;
  const name = record.callerName ?? CALL_MESSAGES.deletedUser;
  // Our own sentence with the caller's name: nothing anyone wrote, so mail may say it too.
  const message = busy
    ? CALL_MESSAGES.busyMessage(name, record.type)
    : CALL_MESSAGES.missedMessage(name, record.type);
  await deps.notifications
    .notify(record.calleeId, {
      type: 'calls',
      title: CALL_MESSAGES.missedTitle,
      message,
      link: '/app/calls/history',
      emailLine: message,
    })
    .catch((err: unknown) =>
      deps.log.warn({ err, callId: record.id }, 'missed-call notice failed'),
    );
}
