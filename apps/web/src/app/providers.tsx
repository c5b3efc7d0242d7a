import { useSyncExternalStore, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { SessionProvider } from '../lib/session';

/** Toasts stay 5 seconds (SPEC §9). */
export const TOAST_DURATION_MS = 5000;

function subscribeToTheme(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Toasts follow the applied appearance (the .dark class on <html>). */
function useHtmlTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeToTheme, () =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useHtmlTheme();
  return (
    <SessionProvider>
      {children}
      <Toaster
        theme={theme}
        richColors
        closeButton
        duration={TOAST_DURATION_MS}
        position="bottom-right"
      />
    </SessionProvider>
  );
}
