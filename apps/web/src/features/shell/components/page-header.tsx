import type { ReactNode } from 'react';
import { AvatarMenu } from './avatar-menu';

/** The header every page shares: title, optional subtitle and centre slot, avatar menu. */
export function PageHeader({
  title,
  subtitle,
  centre,
  account = <AvatarMenu />,
}: {
  title: string;
  subtitle?: ReactNode;
  centre?: ReactNode;
  /** The avatar menu; the shell's pre-rendered frame draws a stand-in (app/routes/app/shell-frame.tsx). */
  account?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4 border-b pb-4">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-bold">{title}</h1>
        {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
      </div>
      {centre && <div className="flex-1">{centre}</div>}
      {account}
    </header>
  );
}
