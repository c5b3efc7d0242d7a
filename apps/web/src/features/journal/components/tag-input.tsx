import {
  JOURNAL_TAG_MAX,
  JOURNAL_TAGS_PER_ENTRY_MAX,
} from '@kaleido/shared/journal/journal.constants';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { journalTagsQuery } from '../hooks/use-journal-queries';

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ');

/** Tags as chips: type a name and press Enter or comma; a new name becomes a tag on save. */
export function TagInput({
  value,
  onChange,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const listId = useId();
  const { data: known = [] } = useQuery(journalTagsQuery());

  function add(raw: string) {
    const name = normalise(raw);
    setText('');
    if (!name || value.some((tag) => tag.toLowerCase() === name.toLowerCase())) return;
    onChange([...value, name]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>Tags</Label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full bg-accent py-0.5 pr-1 pl-2.5 text-sm"
            >
              {tag}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-background"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={inputId}
        list={listId}
        value={text}
        maxLength={JOURNAL_TAG_MAX}
        disabled={value.length >= JOURNAL_TAGS_PER_ENTRY_MAX}
        placeholder="Add a tag and press Enter"
        onChange={(event) => {
          // Picking a suggestion from the list fills the whole name at once: take it.
          const next = event.target.value;
          if (known.some((tag) => tag.name === next)) add(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(text)}
      />
      <datalist id={listId}>
        {known
          .filter((tag) => !value.includes(tag.name))
          .map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
      </datalist>
    </div>
  );
}
