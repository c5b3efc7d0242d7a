import type { DashboardRegistry } from '../dashboard/dashboard.registry';
import type { createVoiceNotesDashboardRepository } from './voice-notes-dashboard.repository';

/**
 * Voice notes on the dashboard: the card (recorded and received; unheard = received and never
 * played, marked when the recipient first plays it), the days the person recorded or sent one,
 * and the newest notes in Recent Activity.
 */
export function registerVoiceNotesDashboard(
  registry: DashboardRegistry,
  repository: ReturnType<typeof createVoiceNotesDashboardRepository>,
) {
  registry.register({
    channel: 'voice',
    cards: async (userId) => ({ voiceNotes: await repository.counts(userId) }),
    activeDays: (userId, from, to, timezone) => repository.activeDays(userId, from, to, timezone),
    recent: async (userId, limit) =>
      (await repository.newest(userId, limit)).map((note) => ({
        id: `voice:${note.id}:${note.sender === null ? 'recorded' : 'received'}`,
        channel: 'voice' as const,
        title:
          note.sender === null
            ? `Voice note recorded: ${note.title}`
            : `Voice note received from ${note.sender}: ${note.title}`,
        at: note.at.toISOString(),
        link: note.sender === null ? '/app/voice-notes/recorder' : '/app/voice-notes/inbox',
      })),
  });
}
