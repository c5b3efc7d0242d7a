import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { describe, expect, it } from 'vitest';
import { sectionForPath } from './settings-paths';

const USER: SettingsSection[] = [
  'profile_settings',
  'notification_settings',
  'privacy_settings',
  'theme_settings',
];
const ADMIN: SettingsSection[] = [...USER, 'professional_settings', 'system_settings'];

describe('the settings tab an address opens', () => {
  it('opens Notifications at /app/settings/alerts, where /app/settings lands', () => {
    expect(sectionForPath('/app/settings/alerts', USER)).toBe('notification_settings');
    expect(sectionForPath('/app/settings/alerts/', USER)).toBe('notification_settings');
  });

  it('opens Privacy for exports, and System and Professional for those who have them', () => {
    expect(sectionForPath('/app/settings/exports', USER)).toBe('privacy_settings');
    expect(sectionForPath('/app/settings/compliance', ADMIN)).toBe('system_settings');
    expect(sectionForPath('/app/settings/roles', ADMIN)).toBe('professional_settings');
  });

  it('falls back to Profile, the default, for a tab the viewer does not have or an unknown path', () => {
    expect(sectionForPath('/app/settings/compliance', USER)).toBe('profile_settings');
    expect(sectionForPath('/app/settings/roles', USER)).toBe('profile_settings');
    expect(sectionForPath('/app/settings/anything', ADMIN)).toBe('profile_settings');
  });
});
