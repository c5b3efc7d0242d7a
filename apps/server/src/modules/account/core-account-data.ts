import type { NotificationsService } from '../notifications/notifications.service';
import type { ProfileEdits } from '../profile/profile-edits';
import type { ProfileReads } from '../profile/profile-reads';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { SettingsService } from '../settings/settings.service';
import type { AccountDataRegistry } from './account-data.registry';

/** The parts of a user's data that exist from the platform on; later features add their own. */
export function registerCoreAccountData(
  registry: AccountDataRegistry,
  deps: {
    profileReads: Pick<ProfileReads, 'exportFor'>;
    profileEdits: Pick<ProfileEdits, 'reset'>;
    settings: Pick<SettingsService, 'reset'>;
    notifications: Pick<NotificationsService, 'list' | 'clear'>;
    securityEvents: Pick<SecurityEventsService, 'recent'>;
  },
): void {
  registry.register({
    section: 'user_profile',
    tables: ['user_profile'],
    export: (userId) => deps.profileReads.exportFor(userId),
    deleteData: (userId) => deps.profileEdits.reset(userId),
  });
  // No `export` here: the account export already loads every setting for the spec's top-level
  // keys (profile_settings, privacy_settings) and writes them to `settings` itself.
  registry.register({
    section: 'settings',
    tables: ['user_settings'],
    deleteData: (userId) => deps.settings.reset(userId),
  });
  registry.register({
    section: 'notifications',
    tables: ['notifications'],
    export: async (userId) => (await deps.notifications.list(userId)).notifications,
    deleteData: (userId) => deps.notifications.clear(userId),
  });
  // Kept by "delete my data": the account's security log is its audit trail.
  registry.register({
    section: 'security_events',
    tables: ['consent_logs'],
    export: (userId) => deps.securityEvents.recent(userId, 10_000),
  });
}
