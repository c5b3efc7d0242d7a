import { FormField } from '../ui/form-field';
import { PasswordInput } from './password-input';
import { StrengthMeter } from './strength-meter';

/** A new password (sign-up, reset, change), with the strength meter under it unless `meter` is false. */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  meter = true,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  meter?: boolean;
}) {
  const meterId = `${id}-strength`;
  return (
    <FormField id={id} label={label}>
      <PasswordInput
        id={id}
        autoComplete="new-password"
        required
        minLength={12}
        aria-describedby={meter && value ? meterId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {meter && <StrengthMeter id={meterId} password={value} />}
    </FormField>
  );
}
