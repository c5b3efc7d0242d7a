import { NavLink, Outlet } from 'react-router';
import { cn } from '../../../lib/cn';
import { PageHeader } from '../../../features/shell/components/page-header';

const HELP_PAGES = [
  { to: '/app/help/faq', label: 'FAQ' },
  { to: '/app/help/keyboard-shortcuts', label: 'Keyboard Shortcuts' },
  { to: '/app/help/contact-support', label: 'Contact Support' },
];

/** /app/help: FAQ, keyboard shortcuts and contact support (SPEC §2 Help). */
export function HelpLayoutRoute() {
  return (
    <>
      <PageHeader title="Help" subtitle="Answers, shortcuts and how to reach us" />
      <nav aria-label="Help" className="mt-4 flex gap-2 border-b">
        {HELP_PAGES.map((page) => (
          <NavLink
            key={page.to}
            to={page.to}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                isActive
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground',
              )
            }
          >
            {page.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6 max-w-3xl">
        <Outlet />
      </div>
    </>
  );
}
