import { TabLinks } from '../../../components/ui/tab-links';

/** The console's own sections (SPEC §2 System tab: users, config, compliance, research). */
export const CONSOLE_SECTIONS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users', end: false },
  { to: '/admin/relationships', label: 'Relationships', end: false },
  { to: '/admin/audit', label: 'Audit log', end: false },
  { to: '/admin/system', label: 'System settings', end: false },
  { to: '/admin/health', label: 'Health', end: false },
  { to: '/admin/research', label: 'Research', end: false },
] as const;

/** The console's navigation, a row of links under the page header. */
export function ConsoleNav() {
  return <TabLinks label="Admin console" tabs={CONSOLE_SECTIONS} />;
}
