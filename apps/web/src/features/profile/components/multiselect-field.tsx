interface MultiselectFieldProps {
  id: string;
  label: string;
  options: readonly string[];
  maxItems: number | undefined;
  value: string[];
  disabled: boolean;
  describedBy?: string;
  'aria-describedby'?: string;
  onChange: (value: string[]) => void;
}

/** A multiselect as a group of checkboxes: every choice visible, keyboard and reader friendly. */
export function MultiselectField({
  id,
  label,
  options,
  maxItems,
  value,
  disabled,
  onChange,
  ...rest
}: MultiselectFieldProps) {
  const full = maxItems !== undefined && value.length >= maxItems;
  // Values from the wider accepted list stay visible so they can be removed.
  const all = [...options, ...value.filter((item) => !options.includes(item))];
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      aria-describedby={rest['aria-describedby']}
      className="flex flex-wrap gap-2"
    >
      {all.map((option) => {
        const checked = value.includes(option);
        return (
          <label
            key={option}
            className="inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:disabled]:opacity-60"
          >
            <input
              type="checkbox"
              className="accent-primary"
              checked={checked}
              disabled={disabled || (full && !checked)}
              onChange={() =>
                onChange(checked ? value.filter((item) => item !== option) : [...value, option])
              }
            />
            {option}
          </label>
        );
      })}
    </div>
  );
}
