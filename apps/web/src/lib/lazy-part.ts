import { useEffect, useSyncExternalStore } from 'react';

/**
 * A part of a screen that is not needed for its first paint (a menu's items, a dialog, the
 * command palette): its module loads when the browser is first idle after the page has loaded,
 * or at once when someone reaches for it, whichever comes first. See decision 034.
 */
export interface LazyPart<M> {
  /** Starts loading (once) and resolves with the module. */
  load: () => Promise<M>;
  /** The module if it has arrived. */
  loaded: () => M | undefined;
  subscribe: (listener: () => void) => () => void;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (loaded) => {
          module = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          // A failed fetch (offline, a new deployment) may be retried on the next reach.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Runs `task` once the page has loaded and the main thread is idle; returns a cancel. */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 300);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/** The part's module once it has arrived (re-renders then); asks for it when idle. */
export function useLazyPart<M>(part: LazyPart<M>): M | undefined {
  const module = useSyncExternalStore(part.subscribe, part.loaded, part.loaded);
  useEffect(() => {
    if (part.loaded()) return;
    return whenIdleAfterLoad(() => {
      part.load().catch(() => {
        // Not fatal: it is asked for again when someone opens it.
      });
    });
  }, [part]);
  return module;
}
