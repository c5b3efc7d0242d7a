import type { ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import { useState } from 'react';
import { SCHEDULE_JSON_HINT } from '../profile-messages';

const CONTROL_CLASS =
  'min-h-24 w-full rounded-md border bg-background px-3 py-2 font-mono text-sm disabled:opacity-60';

interface ScheduleJsonFieldProps {
  id: string;
  value: ProfileValue;
  disabled: boolean;
  placeholder: string;
  'aria-describedby': string;
  onChange: (value: ProfileValue) => void;
}

function format(value: ProfileValue): string {
  return value === null ? '' : JSON.stringify(value, null, 2);
}

/**
 * The schedule as JSON text. Text that is not valid JSON is ignored, as the spec says, and a hint
 * says so; empty text clears the schedule.
 */
export function ScheduleJsonField({
  id,
  value,
  disabled,
  placeholder,
  onChange,
  ...rest
}: ScheduleJsonFieldProps) {
  const [text, setText] = useState(() => format(value));
  const [invalidJson, setInvalidJson] = useState(false);
  const hintId = `${id}-json-hint`;

  function change(next: string) {
    setText(next);
    if (next.trim() === '') {
      setInvalidJson(false);
      onChange(null);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(next);
      setInvalidJson(false);
      onChange(parsed as ProfileValue);
    } catch {
      setInvalidJson(true);
    }
  }

  return (
    <>
      <textarea
        id={id}
        className={CONTROL_CLASS}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        spellCheck={false}
        aria-describedby={`${rest['aria-describedby']}${invalidJson ? ` ${hintId}` : ''}`}
        onChange={(event) => change(event.target.value)}
      />
      {invalidJson && (
        <p id={hintId} role="status" className="text-sm text-amber-700 dark:text-amber-400">
          {SCHEDULE_JSON_HINT}
        </p>
      )}
    </>
  );
}
