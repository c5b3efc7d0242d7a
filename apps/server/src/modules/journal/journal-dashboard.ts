import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { createJournalDashboardRepository } from './journal-dashboard.repository';

/**
 * The journal's part of the dashboard: the Journal Entries card (this calendar month), the days
 * the person wrote (Activity Score), the newest entries (Recent Activity) and the moods per day.
 */
export function registerJournalDashboard(
  registry: DashboardRegistry,
  repository: ReturnType<typeof createJournalDashboardRepository>,
) {
  registry.register({
    channel: 'journal',
    cards: async (userId, periods) => ({
      journalEntries: { thisMonth: await repository.countSince(userId, periods.monthStart) },
    }),
    activeDays: (userId, from, to, timezone) => repository.activeDays(userId, from, to, timezone),
    recent: async (userId, limit) =>
      (await repository.newest(userId, limit)).map((entry) => ({
        id: `journal:${entry.id}`,
        channel: 'journal' as const,
        title: `Journal entry: ${entry.title}`,
        at: entry.createdAt.toISOString(),
        link: `/app/journal/${entry.inputType === 'audio' ? 'voice' : 'text'}/${entry.id}`,
      })),
    moods: (userId, from, timezone) => repository.moods(userId, from, timezone),
  });
}
