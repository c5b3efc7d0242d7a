import { AUDIO_CAPTURE } from '@kaleido/shared/speech/speech.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/**
 * Records a voice message with the spec's capture settings (webm/opus, echo cancellation, noise
 * suppression, auto gain, 1 s chunks). `stop` resolves with the recording; a refused microphone
 * shows 'Recording Error'.
 */
export function useVoiceRecorder() {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  const release = useCallback(() => {
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = null;
    setRecording(false);
  }, []);

  const start = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: AUDIO_CAPTURE.constraints,
      });
      const mimeType = MediaRecorder.isTypeSupported(AUDIO_CAPTURE.mimeType)
        ? AUDIO_CAPTURE.mimeType
        : undefined;
      const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      chunks.current = [];
      next.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.current.push(event.data);
      });
      next.start(AUDIO_CAPTURE.timesliceMs);
      recorder.current = next;
      setRecording(true);
    } catch {
      toast.error('Recording Error', {
        description: 'Unable to access microphone. Please check permissions.',
      });
    }
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const current = recorder.current;
        if (!current || current.state === 'inactive') {
          resolve(null);
          return;
        }
        current.addEventListener(
          'stop',
          () => {
            const blob = new Blob(chunks.current, { type: current.mimeType || 'audio/webm' });
            release();
            resolve(blob.size > 0 ? blob : null);
          },
          { once: true },
        );
        current.stop();
      }),
    [release],
  );

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  return { recording, start, stop };
}
