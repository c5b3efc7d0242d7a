import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Spinner } from '../../../components/ui/spinner';
import {
  fetchVoiceNoteSettings,
  updateVoiceNoteSettings,
  type VoiceNoteSettings,
} from '../api/voice-note-requests';
import { HintedSwitch } from '../../../components/ui/hinted-switch';

const SETTINGS_KEY = ['voice-notes', 'settings'];

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
      <HintedSwitch
        label="Transcribe automatically"
        hint="Make a transcript of every new recording or upload."
        checked={settings.data.autoTranscribe}
        disabled={save.isPending}
        onChange={(autoTranscribe) => save.mutate({ autoTranscribe })}
      />
      <HintedSwitch
        label="Keep the audio after transcription"
        hint="Off: once a transcript is made, the recording is deleted and only the text stays."
        checked={settings.data.keepAudio}
        disabled={save.isPending}
        onChange={(keepAudio) => save.mutate({ keepAudio })}
      />
    </div>
  );
}
