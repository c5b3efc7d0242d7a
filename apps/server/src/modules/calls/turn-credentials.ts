import { createHmac } from 'node:crypto';
import { isTurnServer, type IceServer } from '@kaleido/shared/calls/calls.schemas';

/**
 * Short-lived TURN credentials in coturn's REST scheme (`use-auth-secret` with
 * `static-auth-secret`): the username is `<expiry unix seconds>:<userId>` and the credential
 * base64(HMAC-SHA1(secret, username)). coturn recomputes it and refuses it after the expiry.
 */
export function turnCredential(secret: string, userId: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers as one person gets them: turn: servers with their own credentials. */
export function iceServersFor(
  servers: IceServer[],
  turn: { secret: string; ttlSeconds: number } | null,
  userId: string,
  now: Date,
): IceServer[] {
  if (!turn) return servers;
  const expiresAt = new Date(now.getTime() + turn.ttlSeconds * 1000);
  const minted = turnCredential(turn.secret, userId, expiresAt);
  return servers.map((server) => (isTurnServer(server) ? { ...server, ...minted } : server));
}
