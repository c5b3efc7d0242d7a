import {
  cloneElement,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { lazyPart, useFocusHandOver, useLazyPart } from '../../lib/lazy-part';
import type { TipProps } from './tip-props';

interface TriggerHandlers {
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
}

const tooltip = lazyPart(() => import('./tooltip-root'));

/**
 * A Radix tooltip (300 ms delay, Escape, described-by) whose code is not part of the first
 * paint: until it arrives the trigger is drawn bare; hovering or focusing it asks for the code,
 * and the tooltip opens when it arrives if the pointer or focus is still there. See decision 034.
 */
export function Tip({ children, ...tip }: TipProps & { children: ReactElement<TriggerHandlers> }) {
  const module = useLazyPart(tooltip);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const triggerRef = useFocusHandOver(focused);

  if (module)
    return (
      <module.TipRoot {...tip} defaultOpen={hovered || focused} triggerRef={triggerRef}>
        {children}
      </module.TipRoot>
    );
  const own = children.props;
  const reach = () => {
    tooltip.load().catch(() => {
      // Offline: the trigger still works, without its tooltip.
    });
  };
  return cloneElement(children, {
    onFocus: (event) => {
      own.onFocus?.(event);
      setFocused(true);
      reach();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      setFocused(false);
    },
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      setHovered(true);
      reach();
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      setHovered(false);
    },
  });
}
