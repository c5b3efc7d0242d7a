import { PRIVACY_LEVELS, type PrivacyLevel } from '@kaleido/shared/journal/journal.constants';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { PRIVACY_LABELS } from '../journal-format';

/** Who may read the entry, said plainly under the choice. */
export function PrivacySelect({
  value,
  onChange,
}: {
  value: PrivacyLevel;
  onChange: (level: PrivacyLevel) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Who can read this</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as PrivacyLevel)}
        aria-describedby={`${id}-explanation`}
        className="h-10 rounded-md border bg-background px-3 text-sm"
      >
        {PRIVACY_LEVELS.map((level) => (
          <option key={level} value={level}>
            {PRIVACY_LABELS[level].label}
          </option>
        ))}
      </select>
      <p id={`${id}-explanation`} className="text-sm text-muted-foreground">
        {PRIVACY_LABELS[value].explanation}
      </p>
    </div>
  );
}
