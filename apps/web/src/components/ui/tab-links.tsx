import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export interface TabLink {
  to: string;
  label: ReactNode;
  /** Current only on exactly this path, not below it (an overview beside its sub-pages). */
  end?: boolean;
}

/**
 * A page's sections as a row of links, the current one underlined and marked `aria-current` (by
 * NavLink): each section has its own address, so a reload, a bookmark or Back lands on it. The
 * row scrolls sideways on its own when a narrow window cannot hold it, never the page.
 */
export function TabLinks({
  label,
  tabs,
  className,
}: {
  /** What the row is, for a screen reader's list of landmarks ("Help", "Admin console"). */
  label: string;
  tabs: readonly TabLink[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn('overflow-x-auto border-b', className)}>
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
