import type { SettingsSection } from '@kaleido/shared/settings/settings.schemas';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useSaveSetting } from '../hooks/use-settings';

interface SettingTextInputProps {
  section: SettingsSection;
  name: string;
  label: string;
  description?: string;
  value: string | number;
  inputMode?: 'numeric';
  /** Text to the value sent; the server validates and its message shows below. */
  toValue: (text: string) => unknown;
}

/** A text setting saved with its Save button or Enter; the server's message shows below it. */
export function SettingTextInput({
  section,
  name,
  label,
  description,
  value,
  inputMode,
  toValue,
}: SettingTextInputProps) {
  const save = useSaveSetting(section);
  const id = useId();
  const [text, setText] = useState(String(value));
  const problem = save.isError ? errorMessage(save.error) : null;
  const describedBy = [description ? `${id}-description` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    save.mutate({ [name]: toValue(text) });
  }

  return (
    <form onSubmit={submit} className="grid gap-1.5 py-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex max-w-sm gap-2">
        <Input
          id={id}
          name={name}
          value={text}
          inputMode={inputMode}
          disabled={save.isPending}
          aria-invalid={problem !== null}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={save.isPending || text === String(value)}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {description && (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
