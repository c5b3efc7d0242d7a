/**
 * The dispatcher's sleep between polls: `wake` ends it at once, and a wake that comes while the
 * dispatcher is busy ends its next sleep before it starts, so no enqueue waits a whole poll.
 */
export function createWakeableSleep() {
  let wake: (() => void) | null = null;
  let wakeRequested = false;
  return {
    wake() {
      wakeRequested = true;
      wake?.();
    },

    /** Forgets earlier wakes: the caller is about to look for work, which answers them. */
    clear() {
      wakeRequested = false;
    },

    sleep(ms: number): Promise<void> {
      if (wakeRequested) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    },
  };
}
