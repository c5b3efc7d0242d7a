import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { SessionProvider } from '../lib/session';

/** Toasts stay 5 seconds (SPEC §9). */
export const TOAST_DURATION_MS = 5000;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toaster richColors closeButton duration={TOAST_DURATION_MS} position="bottom-right" />
    </SessionProvider>
  );
}
