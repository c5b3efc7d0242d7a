import { CalendarDays, Mic, PenLine } from 'lucide-react';
import { NavLink, useNavigate, useSearchParams } from 'react-router';
import { journalEntryPath } from '../../../lib/api/journal';
import { cn } from '../../../lib/cn';
import { useJournalSync } from '../hooks/use-journal-sync';
import { EntryList } from './entry-list';
import { EntryViewer } from './entry-viewer';
import { JournalCalendar } from './journal-calendar';
import { TextEntryForm } from './text-entry-form';
import { VoiceEntryForm } from './voice-entry-form';
import { useFeature } from '../../../lib/instance-features';

/** What the path shows beside the timeline (SPEC §2: the same screen under every sub-path). */
export type JournalView =
  { kind: 'new'; tab: 'text' | 'voice' } | { kind: 'entry'; id: string } | { kind: 'calendar' };

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium hover:bg-accent',
    isActive && 'bg-accent text-foreground',
  );

export function JournalScreen({ view }: { view: JournalView }) {
  useJournalSync();
  const navigate = useNavigate();
  const audio = useFeature('audio_input');
  const [params] = useSearchParams();
  // The palette's 'New Journal Entry' arrives with ?new=true: the title field takes the focus.
  const wantsNew = params.get('new') === 'true';
  const open = (entry: { id: string; input_type: string }) =>
    void navigate(journalEntryPath(entry));

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className="order-2 lg:order-1">
        <EntryList />
      </div>
      <div className="order-1 flex flex-col gap-4 lg:order-2">
        <nav aria-label="Journal" className="flex flex-wrap gap-1 border-b pb-2">
          <NavLink to="/app/journal/text/new" className={tabClass}>
            <PenLine className="size-4" aria-hidden="true" /> Text
          </NavLink>
          {audio && (
            <NavLink to="/app/journal/voice/new" className={tabClass}>
              <Mic className="size-4" aria-hidden="true" /> Voice
            </NavLink>
          )}
          <NavLink to="/app/journal/calendar" className={tabClass}>
            <CalendarDays className="size-4" aria-hidden="true" /> Calendar
          </NavLink>
        </nav>
        {view.kind === 'new' && (
          <section aria-labelledby="new-entry-heading" className="flex flex-col gap-4">
            <h2 id="new-entry-heading" className="text-xl font-semibold">
              {view.tab === 'text' ? 'New entry' : 'New voice entry'}
            </h2>
            {view.tab === 'text' ? (
              <TextEntryForm onSaved={open} autoFocusTitle={wantsNew} />
            ) : audio ? (
              <VoiceEntryForm onSaved={open} autoFocusTitle={wantsNew} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Audio input is turned off on this instance.
              </p>
            )}
          </section>
        )}
        {view.kind === 'entry' && <EntryViewer key={view.id} id={view.id} />}
        {view.kind === 'calendar' && <JournalCalendar />}
      </div>
    </div>
  );
}
