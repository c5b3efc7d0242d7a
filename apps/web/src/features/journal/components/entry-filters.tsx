import {
  JOURNAL_INPUT_TYPES,
  MOODS,
  PRIVACY_LEVELS,
} from '@kaleido/shared/journal/journal.constants';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { JournalFilters } from '../../../lib/api/journal';
import { journalRangeExportUrl } from '../api/journal-requests';
import { journalTagsQuery } from '../hooks/use-journal-queries';
import { MOOD_LABELS, PRIVACY_LABELS } from '../journal-format';
import { TagManagerDialog } from './tag-manager-dialog';

const TYPE_LABELS = {
  text: 'Written',
  audio: 'Voice',
  multimodal: 'Mixed',
  reflection: 'Reflection',
};
const selectClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm';

/** Date range, mood, tag, type and privacy: each narrows the timeline at once. */
export function EntryFilters({
  value,
  onChange,
}: {
  value: JournalFilters;
  onChange: (filters: JournalFilters) => void;
}) {
  const id = useId();
  const { data: tags = [] } = useQuery(journalTagsQuery());
  const set = (change: Partial<JournalFilters>) => onChange({ ...value, ...change });
  const active = Object.entries(value).some(([name, v]) => name !== 'q' && v);
  return (
    <fieldset className="grid grid-cols-2 gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Filters</legend>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="h-9"
          value={value.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="h-9"
          value={value.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-mood`}>Mood</Label>
        <select
          id={`${id}-mood`}
          className={selectClass}
          value={value.mood ?? ''}
          onChange={(e) => set({ mood: (e.target.value || undefined) as JournalFilters['mood'] })}
        >
          <option value="">Any mood</option>
          {MOODS.map((mood) => (
            <option key={mood} value={mood}>
              {MOOD_LABELS[mood].label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-tag`}>Tag</Label>
        <select
          id={`${id}-tag`}
          className={selectClass}
          value={value.tag ?? ''}
          onChange={(e) => set({ tag: e.target.value || undefined })}
        >
          <option value="">Any tag</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.name}>
              {tag.name} ({tag.count})
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <select
          id={`${id}-type`}
          className={selectClass}
          value={value.type ?? ''}
          onChange={(e) => set({ type: (e.target.value || undefined) as JournalFilters['type'] })}
        >
          <option value="">Any type</option>
          {JOURNAL_INPUT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-privacy`}>Privacy</Label>
        <select
          id={`${id}-privacy`}
          className={selectClass}
          value={value.privacy ?? ''}
          onChange={(e) =>
            set({ privacy: (e.target.value || undefined) as JournalFilters['privacy'] })
          }
        >
          <option value="">Any privacy</option>
          {PRIVACY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {PRIVACY_LABELS[level].label}
            </option>
          ))}
        </select>
      </div>
      <p className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-muted-foreground">
          Export {value.from || value.to ? 'these dates' : 'everything'}:
        </span>
        <a
          className="text-primary underline-offset-4 hover:underline"
          download
          href={journalRangeExportUrl('md', value.from, value.to)}
        >
          Markdown
        </a>
        <a
          className="text-primary underline-offset-4 hover:underline"
          download
          href={journalRangeExportUrl('pdf', value.from, value.to)}
        >
          PDF
        </a>
        <TagManagerDialog />
      </p>
      {active && (
        <Button
          variant="link"
          size="inline"
          className="col-span-2 justify-start"
          onClick={() => onChange({ q: value.q })}
        >
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
