import type { ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import type { ProfileFieldDefinition } from '@kaleido/shared/profile/profile-fields';
import { Input } from '../../../components/ui/input';
import { MultiselectField } from './multiselect-field';
import { ScheduleField } from './schedule-field';

const CONTROL_CLASS =
  'w-full rounded-md border bg-background px-3 py-2 text-sm disabled:opacity-60 aria-[invalid=true]:border-destructive';

interface FieldControlProps {
  field: ProfileFieldDefinition;
  id: string;
  value: ProfileValue;
  disabled: boolean;
  describedBy: string;
  invalid: boolean;
  onChange: (value: ProfileValue) => void;
}

/** The input for one profile field, chosen by its type (SPEC §3 field definitions). */
export function FieldControl({
  field,
  id,
  value,
  disabled,
  describedBy,
  invalid,
  onChange,
}: FieldControlProps) {
  const common = { id, disabled, 'aria-describedby': describedBy, 'aria-invalid': invalid };
  switch (field.type) {
    case 'text':
    case 'file':
      return (
        <Input
          {...common}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.placeholder}
          required={field.required}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'longtext':
      return (
        <textarea
          {...common}
          className={`${CONTROL_CLASS} min-h-24`}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.placeholder}
          maxLength={field.validation.maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'select':
    case 'timezone': {
      const current = typeof value === 'string' ? value : '';
      const options: readonly string[] = field.options;
      return (
        <select
          {...common}
          className={`${CONTROL_CLASS} h-10`}
          value={current}
          required={field.required}
          onChange={(event) => onChange(event.target.value)}
        >
          {!field.required && <option value="">{field.placeholder}</option>}
          {/* A stored value from the wider accepted list stays selectable. */}
          {current !== '' && !options.includes(current) && (
            <option value={current}>{current}</option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {(field.type === 'select' && field.optionLabels?.[option]) || option}
            </option>
          ))}
        </select>
      );
    }
    case 'multiselect':
      return (
        <MultiselectField
          {...common}
          label={field.label}
          options={field.options}
          maxItems={field.validation.maxItems}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
        />
      );
    case 'toggle':
      return (
        <input
          {...common}
          type="checkbox"
          role="switch"
          className="size-5 accent-primary"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'schedule':
      return (
        <ScheduleField
          {...common}
          label={field.label}
          value={value}
          onChange={onChange}
          placeholder={field.placeholder}
        />
      );
  }
}
