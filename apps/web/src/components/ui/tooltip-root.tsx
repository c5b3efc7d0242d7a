import { Tooltip } from 'radix-ui';
import { useEffect, useState, useSyncExternalStore, type ReactNode, type RefCallback } from 'react';
import type { TipProps } from './tip-props';

/** SPEC §2: tooltips show after 300 ms. */
const DELAY_MS = 300;

// Each tooltip has its own provider (the shell draws before this module arrives), so the
// provider's "skip the delay when moving from one tooltip to the next" is kept here, for all.
let openTips = 0;
let skipDelay = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkipDelay(next: boolean): void {
  if (skipDelay === next) return;
  skipDelay = next;
  for (const listener of listeners) listener();
}

function tipOpened(open: boolean): void {
  openTips += open ? 1 : -1;
  clearTimeout(skipTimer);
  if (openTips > 0) setSkipDelay(true);
  else skipTimer = setTimeout(() => setSkipDelay(false), DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tooltip itself, for `Tip` (components/ui/tooltip.tsx). */
export function TipRoot({
  content,
  side,
  sideOffset = 4,
  className,
  defaultOpen,
  triggerRef,
  children,
}: TipProps & {
  defaultOpen: boolean;
  triggerRef: RefCallback<HTMLElement>;
  children: ReactNode;
}) {
  const skip = useSyncExternalStore(subscribe, () => skipDelay);
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (!open) return;
    tipOpened(true);
    return () => tipOpened(false);
  }, [open]);
  return (
    <Tooltip.Provider delayDuration={skip ? 0 : DELAY_MS}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild ref={triggerRef}>
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side={side} sideOffset={sideOffset} className={className}>
            {content}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
