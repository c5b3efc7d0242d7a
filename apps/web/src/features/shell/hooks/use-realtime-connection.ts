import { useEffect } from 'react';
import { realtime } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { uiActions } from '../../../lib/ui-store';

/** Keeps this tab's realtime connection open while signed in; a server-ended session signs out. */
export function useRealtimeConnection(): void {
  const { session, markSignedOut, reload } = useSession();
  const userId = session.user?.id;
  useEffect(() => {
    if (!userId) return;
    realtime.start();
    const stopListening = realtime.onSessionEnded((reason) => {
      if (reason === 'session_ended' || reason === 'password_changed') {
        // Closed without a reason, or a password change (which renews this tab's own cookie):
        // ask the server whether this session still stands, and reconnect if it does.
        void reload().then((info) => {
          if (info.user?.id === userId) realtime.start();
        });
        return;
      }
      uiActions.resetForSignOut();
      markSignedOut(
        reason === 'session_timeout'
          ? 'session_timeout'
          : reason === 'signed_out'
            ? null
            : 'session_expired',
      );
    });
    return () => {
      stopListening();
      realtime.stop();
    };
  }, [userId, markSignedOut, reload]);
}
