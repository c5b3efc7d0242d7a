import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An honest "nothing here yet" panel: no sample data presented as real. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      data-testid="empty-state"
      className="mt-6 flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center"
    >
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
    </section>
  );
}
