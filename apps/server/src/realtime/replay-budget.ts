import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Bytes of replay a person may have sent to them, over all their sockets and sessions on this
 * instance: a token bucket of `burstBytes`, refilled at `bytesPerSecond` (issue 24 N10: ten
 * sockets re-subscribing for 10 s drew 75 MB, and more sessions multiplied it). A replay first
 * reserves its page's bytes; past the budget it waits for the refill rather than being refused,
 * so a real client resuming many rooms is slowed, never left with a gap.
 */
export interface ReplayBudget {
  /**
   * Waits until `userId` has budget, then reserves up to `maxBytes` of it for one page and
   * answers how many; null if `stillWanted` turned false while waiting (the socket closed).
   */
  reserve(userId: string, maxBytes: number, stillWanted: () => boolean): Promise<number | null>;
  /** The page is sent: `sent` of the `reserved` bytes are spent, the rest is given back. */
  settle(userId: string, reserved: number, sent: number): void;
}

export function createReplayBudget(options: {
  burstBytes: number;
  bytesPerSecond: number;
  now?: () => number;
}): ReplayBudget {
  const now = options.now ?? Date.now;
  // Only people below a full bucket have an entry; a refilled one is forgotten.
  const buckets = new Map<string, { bytes: number; at: number }>();

  function level(userId: string): number {
    const bucket = buckets.get(userId);
    if (!bucket) return options.burstBytes;
    const at = now();
    const bytes = Math.min(
      options.burstBytes,
      bucket.bytes + ((at - bucket.at) / 1000) * options.bytesPerSecond,
    );
    if (bytes >= options.burstBytes) buckets.delete(userId);
    else buckets.set(userId, { bytes, at });
    return bytes;
  }
  function change(userId: string, delta: number) {
    const bytes = Math.min(options.burstBytes, level(userId) + delta);
    if (bytes >= options.burstBytes) buckets.delete(userId);
    else buckets.set(userId, { bytes, at: now() });
  }

  return {
    async reserve(userId, maxBytes, stillWanted) {
      for (;;) {
        const available = level(userId);
        if (available > 0) {
          const reserved = Math.max(1, Math.min(maxBytes, Math.floor(available)));
          change(userId, -reserved);
          return reserved;
        }
        if (!stillWanted()) return null;
        // Until the debt is repaid (one event may overshoot a page), at least 50 ms.
        await sleep(Math.max(50, Math.ceil((-available / options.bytesPerSecond) * 1000) + 1));
      }
    },
    settle(userId, reserved, sent) {
      change(userId, reserved - sent);
    },
  };
}
