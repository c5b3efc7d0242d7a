import type { ReactNode } from 'react';

/** What a `Tip` shows and where (components/ui/tooltip.tsx, tooltip-root.tsx). */
export interface TipProps {
  /** The tooltip's text (also its accessible description once shown). */
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  sideOffset?: number;
  className?: string;
}
