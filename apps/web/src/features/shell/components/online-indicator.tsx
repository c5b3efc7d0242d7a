import { Wifi, WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../../lib/cn';
import { useRealtimeStatus } from '../../../lib/realtime';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Starts as 'Online' (SPEC: initially online) while the first connection is made; 'Offline'
 * when the browser has no network; 'Reconnecting…' while a lost realtime connection retries.
 */
export function OnlineIndicator() {
  // The shell's pre-rendered frame (app/routes/app/shell-frame.tsx) draws the initial 'Online'.
  const browserOnline = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const status = useRealtimeStatus();
  const label = !browserOnline ? 'Offline' : status === 'reconnecting' ? 'Reconnecting…' : 'Online';
  const online = label === 'Online';
  return (
    <span
      role="status"
      data-testid="online-indicator"
      data-state={online ? 'online' : browserOnline ? 'reconnecting' : 'offline'}
      // The socket itself, for tests and support: 'Online' shows before it is first open.
      data-realtime={status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2 py-1 text-xs sm:px-2.5',
        online ? 'text-success' : 'text-muted-foreground',
      )}
    >
      {online || browserOnline ? (
        <Wifi className="size-3.5" aria-hidden="true" />
      ) : (
        <WifiOff className="size-3.5" aria-hidden="true" />
      )}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
}
