import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Spinner } from '../../../components/ui/spinner';
import {
  fetchVoiceNoteSettings,
  updateVoiceNoteSettings,
  type VoiceNoteSettings,
} from '../api/voice-note-requests';

const SETTINGS_KEY = ['voice-notes', 'settings'];

function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The settings drawer for voice notes: each switch saves at once and waits while saving. */
export function VoiceNoteSettingsPanel() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchVoiceNoteSettings });
  const save = useMutation({
    mutationFn: (changes: Partial<VoiceNoteSettings>) => updateVoiceNoteSettings(changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      toast.success('Settings saved', {
        description: 'Your settings have been updated successfully.',
      });
    },
    onError: () =>
      toast.error('Error saving settings', {
        description: 'There was a problem saving your settings.',
      }),
  });

  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        There was a problem loading your settings.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <SettingSwitch
        label="Transcribe automatically"
        hint="Make a transcript of every new recording or upload."
        checked={settings.data.autoTranscribe}
        disabled={save.isPending}
        onChange={(autoTranscribe) => save.mutate({ autoTranscribe })}
      />
      <SettingSwitch
        label="Keep the audio after transcription"
        hint="Off: once a transcript is made, the recording is deleted and only the text stays."
        checked={settings.data.keepAudio}
        disabled={save.isPending}
        onChange={(keepAudio) => save.mutate({ keepAudio })}
      />
    </div>
  );
}
