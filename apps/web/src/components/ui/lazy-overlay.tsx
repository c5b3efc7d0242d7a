import {
  useEffect,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type RefCallback,
} from 'react';
import { useFocusHandOver, useLazyPart, type LazyPart } from '../../lib/lazy-part';

/**
 * An overlay opened from the store or a shortcut (a dialog, the palette, a drawer): nothing is
 * drawn until its module has arrived; `wanted` (it is being opened) loads it at once.
 */
export function LazyOverlay<M>({
  part,
  wanted,
  children,
}: {
  part: LazyPart<M>;
  wanted: boolean;
  children: (module: M) => ReactNode;
}) {
  const module = useLazyPart(part);
  useEffect(() => {
    if (wanted && !module)
      part.load().catch(() => {
        // Offline or a new deployment: nothing opens; the next attempt asks again.
      });
  }, [part, wanted, module]);
  return module ? children(module) : null;
}

/** What a loaded menu or popover needs to take over from its stand-in trigger. */
export interface TakeOver {
  /** It was clicked before its module arrived: open on arrival. */
  defaultOpen: boolean;
  /** Put on the real trigger: gives it focus if the stand-in had it. */
  triggerRef: RefCallback<HTMLElement>;
}

/**
 * A menu or popover whose trigger is drawn at once and whose content loads later: until the
 * module arrives, a plain button with the trigger's name, look and ARIA stands in; a click on it
 * loads the module and opens the overlay when it arrives; focus stays on the trigger across the
 * swap.
 */
export function LazyTrigger<M>({
  part,
  standIn,
  children,
}: {
  part: LazyPart<M>;
  standIn: ButtonHTMLAttributes<HTMLButtonElement> & { 'data-testid'?: string };
  children: (module: M, takeOver: TakeOver) => ReactNode;
}) {
  const module = useLazyPart(part);
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  const triggerRef = useFocusHandOver(focused && !clicked);

  if (module) return children(module, { defaultOpen: clicked, triggerRef });
  const reach = () => {
    part.load().catch(() => {
      // Offline or a new deployment: a click asks again.
    });
  };
  return (
    <button
      type="button"
      aria-expanded={false}
      data-state="closed"
      {...standIn}
      // Pointing at it or tabbing to it is a good sign it is about to be opened.
      onPointerEnter={reach}
      onFocus={() => {
        setFocused(true);
        reach();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setClicked(true);
        part.load().catch(() => setClicked(false));
      }}
    />
  );
}
