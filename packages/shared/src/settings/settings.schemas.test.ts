import { describe, expect, it } from 'vitest';
import {
  DATA_RETENTION_MESSAGE,
  DEFAULT_SETTINGS,
  SETTINGS_PATCH_SCHEMAS,
  settingsSectionsFor,
} from './settings.schemas';

describe('settings (SPEC §3, §9)', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme_settings: { theme: 'light', font_size: 'medium', visual_softness: 'normal' },
      system_settings: { data_retention_days: 365, audit_logs: true, compliance_mode: 'standard' },
      professional_settings: { report_format: 'standard' },
      notification_settings: {
        journal_reminders: true,
        reflection_nudges: true,
        email_notifications: true,
      },
      privacy_settings: {
        insights_visible_to_clients: false,
        data_sharing: false,
        new_entry_privacy: 'private',
      },
    });
  });

  it('takes data_retention_days as a whole number of days from 1 to 3650', () => {
    const schema = SETTINGS_PATCH_SCHEMAS.system_settings;
    for (const days of [1, 365, 3650])
      expect(schema.safeParse({ data_retention_days: days }).success).toBe(true);
    for (const days of [0, 3651, 30.5, '30'])
      expect(schema.safeParse({ data_retention_days: days }).error?.issues[0]?.message).toBe(
        DATA_RETENTION_MESSAGE,
      );
  });

  it('offers Professional to clients and admins in the admin interface, System to the latter only', () => {
    expect(settingsSectionsFor({ role: 'user', selectedInterface: null })).toHaveLength(4);
    expect(settingsSectionsFor({ role: 'client', selectedInterface: null })).toContain(
      'professional_settings',
    );
    expect(settingsSectionsFor({ role: 'admin', selectedInterface: 'client' })).toHaveLength(4);
    expect(settingsSectionsFor({ role: 'admin', selectedInterface: 'admin' })).toEqual([
      'profile_settings',
      'notification_settings',
      'privacy_settings',
      'theme_settings',
      'professional_settings',
      'system_settings',
    ]);
  });
});
