import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { journalListQuery } from '../../../lib/api/journal';
import { cn } from '../../../lib/cn';
import { addMonths, formatDay, formatMonth, monthWeeks } from '../calendar-days';
import { useCalendarMonth } from '../hooks/use-calendar-month';
import { useUserTimezone } from '../hooks/use-journal-queries';
import { dayOf, MOOD_LABELS } from '../journal-format';
import { EntryListItem } from './entry-list-item';
import { MoodIcon } from './mood-icon';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** The entries written on one day (in the person's timezone). */
function DayEntries({ day, timezone }: { day: string; timezone: string | undefined }) {
  const query = useInfiniteQuery(journalListQuery({ from: day, to: day }));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="day-entries-title" className="flex flex-col gap-2">
      <h3 id="day-entries-title" className="font-semibold">
        {formatDay(day)}
      </h3>
      {query.isPending && <Spinner label="Loading the day's entries" />}
      {query.isError && <Alert tone="error">{query.error.message}</Alert>}
      {query.isSuccess && entries.length === 0 && (
        <p className="text-sm text-muted-foreground">No entries on this day.</p>
      )}
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <EntryListItem key={entry.id} entry={entry} timezone={timezone} />
        ))}
      </ul>
    </section>
  );
}

/**
 * A month grid: days with entries carry their mood. Arrow keys move a day or a week, Page Up /
 * Page Down a month, Home / End the week; Enter or a click opens the day's entries.
 */
export function JournalCalendar() {
  const timezone = useUserTimezone();
  const today = dayOf(new Date().toISOString(), timezone);
  const { calendar, month, grid, selected, focused, focusDay, openDay, onKeyDown } =
    useCalendarMonth(today);
  const byDay = new Map((calendar.data?.days ?? []).map((d) => [d.date, d]));

  return (
    <section aria-labelledby="calendar-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={() => focusDay(addMonths(focused, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 id="calendar-title" className="text-xl font-semibold" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => focusDay(addMonths(focused, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {calendar.isError && (
        <Alert tone="error">Failed to load the calendar: {calendar.error.message}</Alert>
      )}
      <table
        ref={grid}
        role="grid"
        aria-labelledby="calendar-title"
        className="w-full table-fixed border-collapse"
        onKeyDown={onKeyDown}
      >
        <WeekdayHeads />
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((day, col) =>
                day === null ? (
                  <td key={col} />
                ) : (
                  <td key={day} className="p-0.5" role="gridcell" aria-selected={day === selected}>
                    <CalendarDay
                      day={day}
                      info={byDay.get(day)}
                      isToday={day === today}
                      isSelected={day === selected}
                      tabbable={day === focused}
                      onOpen={() => openDay(day)}
                    />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        Arrow keys move between days, Page Up and Page Down between months; Enter opens a day.
      </p>
      {selected && <DayEntries day={selected} timezone={timezone} />}
    </section>
  );
}

function WeekdayHeads() {
  return (
    <thead>
      <tr>
        {WEEKDAYS.map((name, index) => (
          <th
            key={name}
            scope="col"
            abbr={WEEKDAY_NAMES[index]}
            className="pb-2 text-xs font-medium text-muted-foreground"
          >
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function CalendarDay({
  day,
  info,
  isToday,
  isSelected,
  tabbable,
  onOpen,
}: {
  day: string;
  info: { count: number; mood: keyof typeof MOOD_LABELS } | undefined;
  isToday: boolean;
  isSelected: boolean;
  tabbable: boolean;
  onOpen: () => void;
}) {
  const mood = info ? MOOD_LABELS[info.mood] : null;
  const label = `${formatDay(day)}${isToday ? ', today' : ''}: ${
    info
      ? `${info.count} ${info.count === 1 ? 'entry' : 'entries'}, mood ${mood?.label}`
      : 'no entries'
  }`;
  return (
    <button
      type="button"
      data-day={day}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-current={isToday ? 'date' : undefined}
      onClick={onOpen}
      className={cn(
        'flex h-14 w-full flex-col items-center justify-center gap-0.5 rounded-md text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        isToday && 'font-bold',
        isSelected && 'bg-accent ring-1 ring-primary',
      )}
    >
      <span>{Number(day.slice(8))}</span>
      {info && mood && (
        <span
          className={cn('flex size-6 items-center justify-center rounded-full', mood.colour)}
          aria-hidden="true"
        >
          <MoodIcon mood={info.mood} className="size-3.5" />
        </span>
      )}
    </button>
  );
}
