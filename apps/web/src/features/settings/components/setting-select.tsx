import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { useId } from 'react';
import { useSaveSetting } from '../hooks/use-settings';

interface SettingSelectProps {
  section: SettingsSection;
  name: string;
  label: string;
  description?: string;
  value: string;
  options: readonly string[] | readonly { value: string; label: string }[];
  placeholder?: string;
  /** The change to send (default `{ [name]: value }`), for nested fields such as alert_preferences. */
  patch?: (value: string) => Record<string, unknown>;
}

/** A select that saves at once and is disabled while saving (SPEC §4). */
export function SettingSelect({
  section,
  name,
  label,
  description,
  value,
  options,
  placeholder,
  patch,
}: SettingSelectProps) {
  const save = useSaveSetting(section);
  const id = useId();
  const choices = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const shown = save.isPending && !patch ? String(save.variables[name]) : value;
  return (
    <div className="grid gap-1.5 py-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={shown}
        disabled={save.isPending}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) =>
          save.mutate(patch ? patch(event.target.value) : { [name]: event.target.value })
        }
        className="h-10 w-full max-w-sm rounded-md border bg-background px-3 text-sm disabled:opacity-60"
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {value !== '' && !choices.some((c) => c.value === value) && (
          <option value={value}>{value}</option>
        )}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
    </div>
  );
}
