import { CalendarDays, Mic, PenLine, type LucideIcon } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { TabLinks } from '../../../components/ui/tab-links';
import { journalEntryPath } from '../../../lib/api/journal';
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

const tabLabel = (Icon: LucideIcon, text: string) => (
  <>
    <Icon className="size-4" aria-hidden="true" /> {text}
  </>
);
const TEXT_TAB = { to: '/app/journal/text/new', label: tabLabel(PenLine, 'Text') };
const VOICE_TAB = { to: '/app/journal/voice/new', label: tabLabel(Mic, 'Voice') };
const CALENDAR_TAB = { to: '/app/journal/calendar', label: tabLabel(CalendarDays, 'Calendar') };

export function JournalScreen({ view }: { view: JournalView }) {
  useJournalSync();
  const navigate = useNavigate();
  const audio = useFeature('audio_input');
  const [params] = useSearchParams();
  // The palette's 'New Journal Entry' arrives with ?new=true: the title field takes the focus.
  const wantsNew = params.get('new') === 'true';
  const open = (entry: { id: string; input_type: string }) =>
    void navigate(journalEntryPath(entry));
  const tabs = [
    TEXT_TAB,
    // Without audio input on this instance there is no voice entry to start.
    ...(audio ? [VOICE_TAB] : []),
    CALENDAR_TAB,
  ];

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className="order-2 lg:order-1">
        <EntryList />
      </div>
      <div className="order-1 flex flex-col gap-4 lg:order-2">
        <TabLinks label="Journal" tabs={tabs} />
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
