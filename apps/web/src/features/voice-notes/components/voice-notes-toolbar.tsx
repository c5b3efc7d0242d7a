import { Filter, Search, Settings, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { uiActions } from '../../../lib/ui-store';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-debounced-value';
import { useVoiceNoteFilters } from '../hooks/use-voice-note-filters';

const TABS = [
  { to: '/app/voice-notes/inbox', label: 'Inbox' },
  { to: '/app/voice-notes/sent', label: 'Sent' },
  { to: '/app/voice-notes/recorder', label: 'Your Voice Notes' },
];

/** The boxes, the transcript search and the buttons that open the drawers. */
export function VoiceNotesToolbar() {
  const filters = useVoiceNoteFilters();
  const [text, setText] = useState(filters.q);
  const { q, setQuery } = filters;
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => setQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setQuery]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Voice note boxes" className="flex gap-1 rounded-md border p-1">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              cn(
                'rounded px-3 py-1 text-sm',
                isActive ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="relative min-w-48 flex-1">
        <Search
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search voice notes"
          placeholder="Search titles and transcripts"
          className="pl-9"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button variant="outline" size="sm" onClick={() => uiActions.toggleDrawer('filters')}>
        <Filter aria-hidden="true" /> Filters
      </Button>
      <Button variant="outline" size="sm" onClick={() => uiActions.toggleDrawer('settings')}>
        <Settings aria-hidden="true" /> Settings
      </Button>
      <Button variant="outline" size="sm" onClick={() => uiActions.toggleDrawer('upload')}>
        <Upload aria-hidden="true" /> Upload
      </Button>
    </div>
  );
}
