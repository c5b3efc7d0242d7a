import type { CallConfig, CallType } from '@kaleido/shared/calls/calls.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { callKeys, fetchCall } from '../api/calls-requests';
import { errorMessage } from '../../../lib/api-client';
import { PeerCall, type PeerCallState } from '../peer-call';
import { INITIAL_PEER_CALL_STATE } from '../peer-call-state';

/** What the page that opens a room knows: it is placing the call, or it accepted it already. */
export type RoomIntent =
  { invite: { calleeId: string; callType: CallType } } | { accepted: true } | null;

const IDLE: PeerCallState = INITIAL_PEER_CALL_STATE;
const noop = () => () => undefined;

/**
 * The call of one room page: placed here (intent.invite), accepted before the page opened, or
 * opened from a link (the server's call is loaded). Media and connection stop when the page goes.
 */
export function usePeerCall(callId: string, config: CallConfig | undefined, intent: RoomIntent) {
  const queryClient = useQueryClient();
  const [peer, setPeer] = useState<PeerCall | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const inviteKey = intent && 'invite' in intent ? JSON.stringify(intent.invite) : null;
  const accepted = intent !== null && 'accepted' in intent;

  useEffect(() => {
    if (!config) return;
    const call = new PeerCall(callId, config);
    setPeer(call);
    setLoadError(null);
    if (inviteKey) {
      const invite = JSON.parse(inviteKey) as { calleeId: string; callType: CallType };
      call.invite(invite.calleeId, invite.callType);
    } else {
      if (accepted) call.markAccepted();
      fetchCall(callId)
        .then((loaded) => call.apply(loaded))
        .catch((error: unknown) => setLoadError(errorMessage(error)));
    }
    return () => {
      call.dispose();
      void queryClient.invalidateQueries({ queryKey: callKeys.history });
    };
  }, [callId, config, inviteKey, accepted, queryClient]);

  const state = useSyncExternalStore(peer?.subscribe ?? noop, peer?.getState ?? (() => IDLE));
  return { peer, state, loadError };
}
