import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/form-field';

/** The email field of sign-in and sign-up. */
export function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label="Email">
      <Input
        id={id}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
