import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A part of a screen that is not needed for its first paint (a menu's items, a dialog, the
 * command palette): its module loads when the browser is idle a while after the page has loaded,
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

/**
 * How long after the load event the parts wait before asking for an idle moment. The first idle
 * moment comes while the screen still waits for its data: preloading then put twenty requests
 * and their parsing ahead of the dashboard's own (bench/lighthouse.mjs, decision 034).
 */
const SETTLE_MS = 2000;

/** Runs `task` when the main thread is idle, a while after the page has loaded; returns a cancel. */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else task();
  };
  const settle = () => {
    const timer = window.setTimeout(idle, SETTLE_MS);
    cancel = () => window.clearTimeout(timer);
  };
  if (document.readyState === 'complete') settle();
  else {
    window.addEventListener('load', settle, { once: true });
    cancel = () => window.removeEventListener('load', settle);
  }
  return () => cancel();
}

/**
 * The part's module once it has arrived (re-renders then); asks for it when idle. The swap from
 * stand-in to the real thing is a transition: some twenty parts arrive together when the page is
 * idle, and drawn at once they made one long task (total blocking time, decision 037).
 */
export function useLazyPart<M>(part: LazyPart<M>): M | undefined {
  const [module, setModule] = useState(part.loaded);
  useEffect(() => {
    const update = () => {
      const arrived = part.loaded();
      startTransition(() => setModule(() => arrived));
    };
    const unsubscribe = part.subscribe(update);
    // It may have arrived between this render and this effect.
    update();
    if (part.loaded()) return unsubscribe;
    const cancel = whenIdleAfterLoad(() => {
      part.load().catch(() => {
        // Not fatal: it is asked for again when someone opens it.
      });
    });
    return () => {
      unsubscribe();
      cancel();
    };
  }, [part]);
  return module;
}

/**
 * A ref for the real trigger that replaces a stand-in once the part arrives: if the stand-in had
 * focus (`hadFocus`) and focus fell to the page when it was replaced, the real trigger takes it.
 * Once only, so later renders never move focus.
 */
export function useFocusHandOver(hadFocus: boolean) {
  const handedOver = useRef(false);
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || handedOver.current) return;
      handedOver.current = true;
      if (hadFocus && document.activeElement === document.body) element.focus();
    },
    [hadFocus],
  );
}
