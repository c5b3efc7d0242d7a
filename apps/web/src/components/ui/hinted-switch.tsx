import { useId } from 'react';

/**
 * An on/off setting: a native checkbox with the switch role, its label, and a hint that
 * describes it to screen readers too. Native, so keyboard and forms work without a library.
 */
export function HintedSwitch(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
