import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useSaveSetting } from '../hooks/use-settings';

interface SettingSwitchProps {
  section: SettingsSection;
  name: string;
  label: string;
  description?: string;
  checked: boolean;
  /** The body to send; defaults to `{ [name]: checked }`. */
  patch?: (checked: boolean) => Record<string, unknown>;
}

/** A toggle that saves at once and is disabled while saving (SPEC §4). */
export function SettingSwitch({
  section,
  name,
  label,
  description,
  checked,
  patch,
}: SettingSwitchProps) {
  const save = useSaveSetting(section);
  return (
    <SwitchRow
      name={name}
      label={label}
      description={description}
      checked={
        save.isPending ? ((save.variables[name] as boolean | undefined) ?? checked) : checked
      }
      disabled={save.isPending}
      onCheckedChange={(next) => save.mutate(patch ? patch(next) : { [name]: next })}
    />
  );
}

/** The labelled switch of a settings row, whatever saves it. */
export function SwitchRow({
  name,
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  name: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (next: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <Switch.Root
        id={id}
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        onCheckedChange={onCheckedChange}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-muted-foreground/40 transition-colors disabled:opacity-60 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}
