import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';

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

/** The admin console's navigation, a row of links under the page header. */
export function ConsoleNav() {
  return (
    <nav aria-label="Admin console" className="overflow-x-auto border-b">
      <ul className="flex gap-1">
        {CONSOLE_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  'inline-block border-b-2 px-3 py-2 text-sm whitespace-nowrap',
                  isActive
                    ? 'border-primary font-medium text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
