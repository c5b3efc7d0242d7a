import { CALL_MESSAGES } from '@kaleido/shared/calls/calls.schemas';
import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { CallHistoryRepository } from './call-history.repository';

/**
 * Calls on the dashboard: Calls Today (calls placed today in the person's timezone, and their
 * connected time), the days the person talked to someone (a call that was answered), and the
 * newest calls in Recent Activity.
 */
export function registerCallsDashboard(
  registry: DashboardRegistry,
  repository: CallHistoryRepository,
) {
  registry.register({
    channel: 'calls',
    cards: async (userId, periods) => ({
      callsToday: await repository.placedBetween(userId, periods.dayStart(0), periods.dayStart(1)),
    }),
    activeDays: (userId, from, to, timezone) => repository.answeredDays(userId, from, to, timezone),
    recent: async (userId, limit) =>
      (await repository.listFor(userId, undefined, limit)).map((call) => {
        const outgoing = call.callerId === userId;
        const other = (outgoing ? call.calleeName : call.callerName) ?? CALL_MESSAGES.deletedUser;
        const kind = call.type === 'video' ? 'Video call' : 'Audio call';
        const title =
          call.status === 'missed' && !outgoing
            ? `Missed call from ${other}`
            : call.status === 'declined'
              ? `${kind} with ${other} declined`
              : `${kind} ${outgoing ? 'to' : 'from'} ${other}`;
        return {
          id: `calls:${call.id}`,
          channel: 'calls' as const,
          title,
          at: call.startedAt.toISOString(),
          link: '/app/calls/history',
        };
      }),
  });
}
