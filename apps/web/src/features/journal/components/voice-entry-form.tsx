import { DEFAULT_MOOD, type PrivacyLevel } from '@kaleido/shared/journal/journal.constants';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { VoiceRecording } from '../../../components/voice-recorder/use-voice-recorder';
import { VoiceRecorder } from '../../../components/voice-recorder/voice-recorder';
import { errorMessage } from '../../../lib/api-client';
import { journalKeys } from '../../../lib/api/journal';
import { createVoiceJournalEntry } from '../api/journal-requests';
import type { EntryFormValues } from '../hooks/use-entry-draft';
import { useNewEntryPrivacy } from '../hooks/use-journal-queries';
import { Spinner } from '../../../components/ui/spinner';
import { EntryFields } from './entry-fields';

interface VoiceEntryFormProps {
  onSaved: (entry: JournalEntry) => void;
  autoFocusTitle?: boolean;
}

/**
 * A spoken entry: the details first, then the recording; the transcript follows by itself. Its
 * privacy starts at the person's choice for new entries (Settings → Privacy).
 */
export function VoiceEntryForm(props: VoiceEntryFormProps) {
  const newPrivacy = useNewEntryPrivacy();
  if (!newPrivacy) return <Spinner label="Loading" />;
  return <VoiceForm {...props} newPrivacy={newPrivacy} />;
}

function VoiceForm({
  onSaved,
  autoFocusTitle,
  newPrivacy,
}: VoiceEntryFormProps & { newPrivacy: PrivacyLevel }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EntryFormValues>({
    title: '',
    content: '',
    mood: DEFAULT_MOOD,
    privacyLevel: newPrivacy,
    tags: [],
  });

  async function save({ blob, durationMs }: VoiceRecording) {
    try {
      const entry = await createVoiceJournalEntry({ audio: blob, durationMs, ...values });
      queryClient.setQueryData(journalKeys.entry(entry.id), entry);
      await queryClient.invalidateQueries({ queryKey: journalKeys.lists });
      toast.success('Entry saved', { description: 'Its transcript will follow shortly.' });
      onSaved(entry);
    } catch (error) {
      toast.error('Error saving entry', { description: errorMessage(error) });
    }
  }

  return (
    <div className="flex flex-col gap-4" role="group" aria-label="New voice entry">
      <EntryFields
        values={values}
        onChange={(change) => setValues((current) => ({ ...current, ...change }))}
        withContent={false}
        autoFocusTitle={autoFocusTitle}
      />
      <p className="text-sm text-muted-foreground">
        Speak freely. The recording is kept with the entry and its transcript becomes the entry’s
        text, which you can edit afterwards.
      </p>
      <VoiceRecorder onRecorded={save} startLabel="Start Recording" />
    </div>
  );
}
