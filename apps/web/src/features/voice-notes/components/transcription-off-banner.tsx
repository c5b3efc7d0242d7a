import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { fetchSpeechStatus } from '../api/voice-note-requests';

/** When the server has no speech engine, say so and how to turn one on (the server's words). */
export function TranscriptionOffBanner() {
  const { data } = useQuery({ queryKey: ['speech-status'], queryFn: fetchSpeechStatus });
  if (!data || data.available) return null;
  return (
    <Alert tone="warning" className="mt-4">
      <p className="font-medium">Transcription is off on this server.</p>
      <p className="mt-1">
        Your recordings are kept and will be transcribed once it is turned on. {data.detail}
      </p>
    </Alert>
  );
}
