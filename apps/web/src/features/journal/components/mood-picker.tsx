import { MOODS, type Mood } from '@kaleido/shared/journal/journal.constants';
import { cn } from '../../../lib/cn';
import { MOOD_LABELS } from '../journal-format';
import { MoodIcon } from './mood-icon';

/** SPEC §4 moods as a radio group: arrow keys move between them, the choice is announced. */
export function MoodPicker({
  value,
  onChange,
  name,
}: {
  value: Mood;
  onChange: (mood: Mood) => void;
  name: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Mood</legend>
      <div className="flex flex-wrap gap-2">
        {MOODS.map((mood) => (
          <label
            key={mood}
            className={cn(
              'flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === mood && 'border-primary bg-accent font-medium',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={mood}
              checked={value === mood}
              onChange={() => onChange(mood)}
            />
            <MoodIcon mood={mood} />
            {MOOD_LABELS[mood].label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
