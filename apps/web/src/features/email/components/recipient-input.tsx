import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { usersSearchQuery } from '../../../lib/api/users-search';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * Addresses as chips, with autocomplete from the user search (SPEC §5: partial name or email,
 * after a 300 ms pause, at most 10). Enter, comma or leaving the field adds what was typed.
 */
export function RecipientInput({
  label,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = useDebouncedValue(text.trim());
  const { data: users = [] } = useQuery({ ...usersSearchQuery(typed), enabled: typed.length > 0 });
  const add = (address: string) => {
    const clean = address.trim().replace(/,$/, '');
    if (clean && !value.some((v) => v.toLowerCase() === clean.toLowerCase()))
      onChange([...value, clean]);
    setText('');
    setOpen(false);
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-1 rounded-md border bg-background px-2 py-1">
        {value.map((address) => (
          <span
            key={address}
            className="inline-flex items-center gap-1 rounded bg-muted px-2 py-0.5 text-xs"
          >
            {address}
            <button
              type="button"
              aria-label={`Remove ${address}`}
              onClick={() => onChange(value.filter((v) => v !== address))}
            >
              <X className="size-3" />
            </button>
          </span>
        ))}
        <input
          id={id}
          autoFocus={autoFocus}
          role="combobox"
          aria-expanded={open && users.length > 0}
          aria-controls={`${id}-options`}
          autoComplete="off"
          className="min-w-40 flex-1 bg-transparent py-1 text-sm outline-none"
          value={text}
          placeholder={value.length === 0 ? 'Name or email' : ''}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if ((e.key === 'Enter' || e.key === ',') && text.trim()) {
              e.preventDefault();
              add(text);
            } else if (e.key === 'Backspace' && !text && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => {
            // Let a click on a suggestion land first.
            setTimeout(() => {
              setOpen(false);
            }, 150);
          }}
        />
      </div>
      {open && typed && users.length > 0 && (
        <ul
          id={`${id}-options`}
          role="listbox"
          className="absolute z-10 mt-1 w-full rounded-md border bg-background p-1 shadow-md"
        >
          {users.map((user) => (
            <li key={user.user_id} role="option" aria-selected={false}>
              <button
                type="button"
                className="w-full rounded px-2 py-1 text-left text-sm hover:bg-accent"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(user.email)}
              >
                {user.full_name} <span className="text-muted-foreground">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
