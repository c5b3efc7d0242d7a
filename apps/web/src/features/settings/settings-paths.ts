import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';

/**
 * The tab each of the spec's settings paths names (SPEC §2: /app/settings lands on /alerts), so
 * the page opens where its address says: alerts are the notification settings, exports live
 * under Privacy, compliance under System, roles under Professional.
 */
const SECTION_OF_PATH: Record<string, SettingsSection> = {
  alerts: 'notification_settings',
  exports: 'privacy_settings',
  compliance: 'system_settings',
  roles: 'professional_settings',
};

/** The tab to open at `pathname`; Profile (the spec's default) when the viewer lacks that tab. */
export function sectionForPath(pathname: string, sections: SettingsSection[]): SettingsSection {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const named = SECTION_OF_PATH[last];
  return named && sections.includes(named) ? named : 'profile_settings';
}
