import '../../../lib/zod';
import type { SettingsResponse, SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../lib/cn';
import { useSettings } from '../hooks/use-settings';
import { SETTINGS_TABS } from '../settings-messages';
import { sectionForPath } from '../settings-paths';
import { AppearanceTab } from './appearance-tab';
import { NotificationsTab } from './notifications-tab';
import { PrivacyTab } from './privacy-tab';
import { ProfessionalTab } from './professional-tab';
import { ProfileTab } from './profile-tab';
import { SettingsSkeleton } from './settings-skeleton';
import { SystemTab } from './system-tab';

function tabContent(
  section: SettingsSection,
  settings: SettingsResponse,
  extras: { privacyExtra?: ReactNode; professionalExtra?: ReactNode },
): ReactNode {
  switch (section) {
    case 'profile_settings':
      return <ProfileTab settings={settings} />;
    case 'notification_settings':
      return <NotificationsTab settings={settings} />;
    case 'privacy_settings':
      return <PrivacyTab settings={settings} extra={extras.privacyExtra} />;
    case 'theme_settings':
      return <AppearanceTab settings={settings} />;
    case 'professional_settings':
      return <ProfessionalTab settings={settings} reports={extras.professionalExtra} />;
    case 'system_settings':
      return <SystemTab settings={settings} />;
  }
}

/** Columns equal the tab count; more than four tabs get four columns and a wider layout (SPEC §2). */
// SPEC §2: as many columns as tabs, four when there are more. Below 640 px two columns, so
// labels like 'Notifications' never run into their neighbours on a phone.
const GRID: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-2 sm:grid-cols-3',
  4: 'grid-cols-2 sm:grid-cols-4',
};

/**
 * Settings tabs: the sections the server says this viewer has, opening on the one the address
 * names (`pathname`, settings-paths.ts), else Profile.
 */
export function SettingsScreen({
  pathname = '',
  ...extras
}: { pathname?: string; privacyExtra?: ReactNode; professionalExtra?: ReactNode } = {}) {
  const { data: settings, isPending, isError } = useSettings();
  if (isPending) return <SettingsSkeleton />;
  if (isError)
    return <Alert tone="error">There was a problem loading your settings. Please try again.</Alert>;
  const sections = settings.sections;
  const wide = sections.length > 4;
  return (
    <Tabs.Root
      defaultValue={sectionForPath(pathname, sections)}
      className={cn('grid gap-6', wide ? 'max-w-5xl' : 'max-w-3xl')}
    >
      <Tabs.List
        aria-label="Settings sections"
        data-tab-count={sections.length}
        className={cn(
          'grid h-auto gap-1 rounded-lg bg-muted p-1',
          wide ? 'grid-cols-2 sm:grid-cols-4' : GRID[sections.length],
        )}
      >
        {sections.map((section) => (
          <Tabs.Trigger
            key={section}
            value={section}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
          >
            {SETTINGS_TABS[section].label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {sections.map((section) => (
        <Tabs.Content key={section} value={section} className="focus-visible:outline-none">
          {tabContent(section, settings, extras)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
