import {
  JOURNAL_INPUT_TYPES,
  MOODS,
  PRIVACY_LEVELS,
} from '@kaleido/shared/journal/journal.constants';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
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

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type="date"
        className="h-9"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </Field>
  );
}

/** A select whose empty choice ('Any …') means no filter. */
function FilterSelect<T extends string>({
  id,
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T | undefined;
  anyLabel: string;
  options: { value: T; label: string; key?: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.key ?? option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The filtered dates (or everything) as a download, beside the tag manager. */
function RangeExport({ from, to }: { from: string | undefined; to: string | undefined }) {
  return (
    <p className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-muted-foreground">
        Export {from || to ? 'these dates' : 'everything'}:
      </span>
      <a
        className="text-primary underline-offset-4 hover:underline"
        download
        href={journalRangeExportUrl('md', from, to)}
      >
        Markdown
      </a>
      <a
        className="text-primary underline-offset-4 hover:underline"
        download
        href={journalRangeExportUrl('pdf', from, to)}
      >
        PDF
      </a>
      <TagManagerDialog />
    </p>
  );
}

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
      <DateField
        id={`${id}-from`}
        label="From"
        value={value.from}
        onChange={(from) => set({ from })}
      />
      <DateField id={`${id}-to`} label="To" value={value.to} onChange={(to) => set({ to })} />
      <FilterSelect
        id={`${id}-mood`}
        label="Mood"
        value={value.mood}
        anyLabel="Any mood"
        options={MOODS.map((mood) => ({ value: mood, label: MOOD_LABELS[mood].label }))}
        onChange={(mood) => set({ mood })}
      />
      <FilterSelect
        id={`${id}-tag`}
        label="Tag"
        value={value.tag}
        anyLabel="Any tag"
        options={tags.map((tag) => ({
          key: tag.id,
          value: tag.name,
          label: `${tag.name} (${tag.count})`,
        }))}
        onChange={(tag) => set({ tag })}
      />
      <FilterSelect
        id={`${id}-type`}
        label="Type"
        value={value.type}
        anyLabel="Any type"
        options={JOURNAL_INPUT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
        onChange={(type) => set({ type })}
      />
      <FilterSelect
        id={`${id}-privacy`}
        label="Privacy"
        value={value.privacy}
        anyLabel="Any privacy"
        options={PRIVACY_LEVELS.map((level) => ({
          value: level,
          label: PRIVACY_LABELS[level].label,
        }))}
        onChange={(privacy) => set({ privacy })}
      />
      <RangeExport from={value.from} to={value.to} />
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
