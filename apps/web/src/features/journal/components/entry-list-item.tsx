import type { JournalSearchHit } from '@kaleido/shared/journal/journal.schemas';
import { Mic } from 'lucide-react';
import { NavLink } from 'react-router';
import { journalEntryPath } from '../../../lib/api/journal';
import { cn } from '../../../lib/cn';
import { formatEntryTime, MOOD_LABELS } from '../journal-format';
import { HighlightedText } from './highlighted-text';
import { MoodIcon } from './mood-icon';

/** One line of the timeline: title, when, mood, and the matched words when searching. */
export function EntryListItem({
  entry,
  timezone,
}: {
  entry: JournalSearchHit;
  timezone: string | undefined;
}) {
  const mood = MOOD_LABELS[entry.mood];
  return (
    <li>
      <NavLink
        to={journalEntryPath(entry)}
        data-testid="journal-list-item"
        className={({ isActive }) =>
          cn(
            'flex flex-col gap-0.5 rounded-md border p-3 text-sm hover:bg-accent',
            isActive && 'border-primary bg-accent',
          )
        }
      >
        <span className="flex items-center gap-2 font-medium">
          <MoodIcon mood={entry.mood} />
          <span className="truncate">{entry.title}</span>
          {entry.input_type === 'audio' && (
            <Mic className="size-3.5 shrink-0" aria-label="Voice entry" />
          )}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatEntryTime(entry.createdAt, timezone)} · {mood.label}
        </span>
        <span className="line-clamp-2 text-muted-foreground" data-testid="journal-snippet">
          {entry.highlight ? <HighlightedText html={entry.highlight} /> : entry.content}
        </span>
      </NavLink>
    </li>
  );
}
