import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A centred spinner with a screen-reader label. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return (
    <main className="grid min-h-screen place-items-center">
      <Spinner />
    </main>
  );
}
