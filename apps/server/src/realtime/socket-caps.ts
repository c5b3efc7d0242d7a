/**
 * How many sockets each session and each person has open on this instance, against the caps:
 * a tab needs one, and signing in again must not multiply what one person can hold open
 * (issue 24 N10).
 */
export function createSocketCaps(caps: { perSession: number; perUser: number }) {
  const bySession = new Map<string, number>();
  const byUser = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    /** Counts a new socket and answers null, or names the cap reached (nothing counted). */
    open(sessionId: string, userId: string): 'session' | 'user' | null {
      if ((bySession.get(sessionId) ?? 0) >= caps.perSession) return 'session';
      if ((byUser.get(userId) ?? 0) >= caps.perUser) return 'user';
      add(bySession, sessionId, 1);
      add(byUser, userId, 1);
      return null;
    },
    close(sessionId: string, userId: string) {
      add(bySession, sessionId, -1);
      add(byUser, userId, -1);
    },
  };
}
