import type { FastifyBaseLogger } from 'fastify';

export type WorkAfterAnswer = ReturnType<typeof createWorkAfterAnswer>;

/**
 * Mail (and the work that leads to it) is done after the answer, so that timing does not reveal
 * whether an account exists; a failure is logged.
 */
export function createWorkAfterAnswer(log: Pick<FastifyBaseLogger, 'error'>) {
  const pending = new Set<Promise<unknown>>();
  return {
    run(send: () => Promise<unknown>) {
      // On the next turn of the event loop, once the answer is on its way: the embedded database
      // runs queries on this thread, so work started now would still delay the answer.
      const done = new Promise<void>((resolve) => {
        setImmediate(() => {
          void send()
            .catch((error: unknown) =>
              log.error({ err: error }, 'work after a sign-up or reset answer failed'),
            )
            .finally(resolve);
        });
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },

    /** Waits for work promised by answers already sent (an account a sign-up said it made). */
    async settle(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}
