import { VOICE_NOTE_TITLE_MAX } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Input } from '../../../components/ui/input';
import type { useVoiceNoteMutations } from '../hooks/use-voice-note-mutations';

/** The title, renamed in place: saved on Enter or when leaving the field; Escape undoes. */
export function VoiceNoteTitle({
  title,
  editable,
  update,
}: {
  title: string;
  editable: boolean;
  update: ReturnType<typeof useVoiceNoteMutations>['update'];
}) {
  const [draft, setDraft] = useState<string | null>(null);
  if (!editable) return <h3 className="truncate font-semibold">{title}</h3>;

  function save() {
    const next = draft?.trim();
    setDraft(null);
    if (!next || next === title) return;
    update.mutate(
      { title: next },
      { onError: (error) => toast.error('Error', { description: error.message }) },
    );
  }

  return (
    <Input
      aria-label="Title"
      value={draft ?? title}
      maxLength={VOICE_NOTE_TITLE_MAX}
      className="h-9 border-transparent px-2 font-semibold hover:border-border focus:border-border"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          event.preventDefault();
          setDraft(null);
        }
      }}
    />
  );
}
