import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import {
  DATE_RANGES,
  NOTE_TYPES,
  useVoiceNoteFilters,
  type DateRange,
  type NoteType,
} from '../hooks/use-voice-note-filters';

const SELECT_CLASS = 'h-10 w-full rounded-md border bg-background px-3 text-sm';

/** The filters drawer for voice notes: Date Range and Type, applied to the list at once. */
export function VoiceNoteFiltersPanel() {
  const filters = useVoiceNoteFilters();
  const rangeId = useId();
  const typeId = useId();
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={rangeId}>Date Range</Label>
        <select
          id={rangeId}
          className={SELECT_CLASS}
          value={filters.range}
          onChange={(event) => filters.setRange(event.target.value as DateRange)}
        >
          {DATE_RANGES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={typeId}>Type</Label>
        <select
          id={typeId}
          className={SELECT_CLASS}
          value={filters.type}
          onChange={(event) => filters.setType(event.target.value as NoteType)}
        >
          {NOTE_TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
