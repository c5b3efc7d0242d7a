import type { ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  WEEKDAYS,
  fromWeek,
  isValidRange,
  toWeek,
  type TimeRange,
  type Weekday,
  type WeeklySchedule,
} from '../weekly-schedule';
import { ScheduleJsonField } from './schedule-json-field';

const TIME_CLASS =
  'h-9 rounded-md border bg-background px-2 text-sm disabled:opacity-60 aria-[invalid=true]:border-destructive';
const NEW_RANGE = { from: '09:00', to: '17:00' };
const dayName = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

interface ScheduleFieldProps {
  id: string;
  label: string;
  value: ProfileValue;
  disabled: boolean;
  placeholder: string;
  'aria-describedby': string;
  onChange: (value: ProfileValue) => void;
}

/**
 * Availability as a week: hours per day, saved as the JSON the spec describes
 * ({"monday": ["09:00-17:00"]}). A range that does not end after it starts is marked and not
 * saved. A stored value this editor cannot show, or a person who prefers it, gets the JSON.
 */
export function ScheduleField({
  id,
  label,
  value,
  disabled,
  onChange,
  ...rest
}: ScheduleFieldProps) {
  const [week, setWeek] = useState<WeeklySchedule | null>(() => toWeek(value));
  const [asJson, setAsJson] = useState(() => toWeek(value) === null);
  const describedBy = rest['aria-describedby'];

  if (asJson || !week)
    return (
      <div className="space-y-2">
        <ScheduleJsonField
          id={id}
          value={value}
          disabled={disabled}
          placeholder={rest.placeholder}
          aria-describedby={describedBy}
          onChange={onChange}
        />
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => {
            const shown = toWeek(value);
            if (shown) {
              setWeek(shown);
              setAsJson(false);
            }
          }}
        >
          Edit as a week
        </Button>
      </div>
    );

  function update(day: Weekday, ranges: WeeklySchedule[Weekday]) {
    if (!week) return;
    const next = { ...week, [day]: ranges };
    setWeek(next);
    // Only a week whose every range is valid is saved; the marked one waits for a fix.
    if (WEEKDAYS.every((d) => next[d].every(isValidRange))) onChange(fromWeek(next));
  }

  return (
    <div
      role="group"
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      className="space-y-2"
    >
      {WEEKDAYS.map((day) => (
        <DayHours
          key={day}
          day={day}
          ranges={week[day]}
          disabled={disabled}
          onChange={(ranges) => update(day, ranges)}
        />
      ))}
      <Button variant="ghost" size="sm" disabled={disabled} onClick={() => setAsJson(true)}>
        Edit as JSON
      </Button>
    </div>
  );
}

/** One day's row: its ranges of hours, each editable and removable, and a button to add one. */
function DayHours({
  day,
  ranges,
  disabled,
  onChange,
}: {
  day: Weekday;
  ranges: TimeRange[];
  disabled: boolean;
  onChange: (ranges: TimeRange[]) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="w-24 font-medium">{dayName(day)}</span>
      {ranges.length === 0 && <span className="text-muted-foreground">Not available</span>}
      {ranges.map((range, index) => (
        <RangeInputs
          key={index}
          day={day}
          range={range}
          disabled={disabled}
          onChange={(next) => onChange(ranges.map((r, i) => (i === index ? next : r)))}
          onRemove={() => onChange(ranges.filter((_, i) => i !== index))}
        />
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-label={`Add hours on ${dayName(day)}`}
        onClick={() => onChange([...ranges, NEW_RANGE])}
      >
        <Plus aria-hidden="true" /> Add hours
      </Button>
    </div>
  );
}

/** From and to times of one range; a range that does not end after it starts is marked. */
function RangeInputs({
  day,
  range,
  disabled,
  onChange,
  onRemove,
}: {
  day: Weekday;
  range: TimeRange;
  disabled: boolean;
  onChange: (range: TimeRange) => void;
  onRemove: () => void;
}) {
  const invalid = !isValidRange(range);
  const set = (part: 'from' | 'to', time: string) => onChange({ ...range, [part]: time });
  return (
    <span className="flex items-center gap-1">
      <input
        type="time"
        className={TIME_CLASS}
        aria-label={`${dayName(day)} from`}
        aria-invalid={invalid}
        value={range.from}
        disabled={disabled}
        onChange={(event) => set('from', event.target.value)}
      />
      <span aria-hidden="true">–</span>
      <input
        type="time"
        className={TIME_CLASS}
        aria-label={`${dayName(day)} to`}
        aria-invalid={invalid}
        value={range.to}
        disabled={disabled}
        onChange={(event) => set('to', event.target.value)}
      />
      <Button
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={`Remove ${dayName(day)} ${range.from}–${range.to}`}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
      {invalid && (
        <span role="alert" className="text-destructive">
          End after the start to save
        </span>
      )}
    </span>
  );
}
