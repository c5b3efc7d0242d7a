import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** An inline message box; `tone` picks the colour, the role makes it announced. */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
  className?: string;
}) {
  const tones = {
    info: 'border-primary/40 bg-accent',
    success: 'border-success/40 bg-success/10',
    warning: 'border-amber-500/50 bg-amber-500/10',
    error: 'border-destructive/50 bg-destructive/10',
  };
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
