import {
  CALL_KEEPALIVE_MS,
  CALL_RING_TIMEOUT_MS,
  type CallConfig,
  type IceServer,
} from '@kaleido/shared/calls/calls.schemas';
import { iceServersFor } from './turn-credentials';

export type CallConfigSource = ReturnType<typeof createCallConfig>;

/** What a browser needs before it calls: the ICE servers (its own TURN credentials) and timings. */
export function createCallConfig(deps: {
  iceServers: IceServer[];
  /** TURN_SECRET: each person gets short-lived TURN credentials (coturn use-auth-secret). */
  turn: { secret: string; ttlSeconds: number } | null;
  now: () => Date;
}) {
  return {
    forUser(userId: string): CallConfig {
      return {
        iceServers: iceServersFor(deps.iceServers, deps.turn, userId, deps.now()),
        ringTimeoutMs: CALL_RING_TIMEOUT_MS,
        keepaliveMs: CALL_KEEPALIVE_MS,
      };
    },
  };
}
