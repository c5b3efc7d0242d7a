import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ProfileEdits } from '../profile/profile-edits';
import type { ProfileReads } from '../profile/profile-reads';
import { createSettingsRepository } from './settings.repository';
import { registerSettingsRoutes } from './settings.routes';
import type { PreferenceChanges } from './preference-changes';
import { createPreferences } from './preferences';
import { createSettingsService } from './settings.service';

/** The toggles other services obey; read-only, so they come before the profile. */
export function createUserPreferences(deps: { db: Db }) {
  return createPreferences(createSettingsRepository(deps.db));
}

/** user_settings: one section per tab, merged per change. */
export function registerSettings(
  app: FastifyInstance,
  deps: {
    db: Db;
    profileReads: Pick<ProfileReads, 'viewerOf' | 'load'>;
    profileEdits: Pick<ProfileEdits, 'updateField'>;
    preferenceChanges: PreferenceChanges;
    now: () => Date;
    system?: Parameters<typeof createSettingsService>[0]['system'];
  },
) {
  const settings = createSettingsService({
    repository: createSettingsRepository(deps.db),
    profileReads: deps.profileReads,
    profileEdits: deps.profileEdits,
    onSectionChanged: (userId, section) =>
      deps.preferenceChanges.settingsSectionChanged(userId, section),
    system: deps.system,
    now: deps.now,
  });
  registerSettingsRoutes(app, settings);
  return settings;
}
