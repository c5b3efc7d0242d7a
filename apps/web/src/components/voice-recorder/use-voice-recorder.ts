import '../../lib/zod';
import { AUDIO_CAPTURE } from '@kaleido/shared/speech/speech.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

export type VoiceRecorderState = 'idle' | 'recording' | 'processing';

export interface VoiceRecording {
  blob: Blob;
  durationMs: number;
}

/** SPEC §8: the two recorder toasts, word for word. */
const RECORDER_ERRORS = {
  recording: {
    title: 'Recording Error',
    description: 'Unable to access microphone. Please check permissions.',
  },
  processing: { title: 'Processing Error', description: 'Failed to process audio recording.' },
} as const;

interface Capture {
  stream: MediaStream;
  recorder: MediaRecorder;
  audioContext: AudioContext;
  chunks: Blob[];
  startedAt: number;
  frame: number;
  ticker: ReturnType<typeof setInterval>;
}

function releaseCapture(capture: Capture): void {
  cancelAnimationFrame(capture.frame);
  clearInterval(capture.ticker);
  for (const track of capture.stream.getTracks()) track.stop();
  void capture.audioContext.close().catch(() => undefined);
}

/**
 * One microphone recorder for voice notes, chat voice messages and journal entries:
 * idle → recording → processing → idle (SPEC §4), captured as SPEC §7 says (AUDIO_CAPTURE).
 * `onRecorded` does the processing (usually an upload); while its promise runs the state is
 * 'processing', and if it rejects the 'Processing Error' toast is shown.
 */
export function useVoiceRecorder(onRecorded: (recording: VoiceRecording) => Promise<void>) {
  const [state, setState] = useState<VoiceRecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const capture = useRef<Capture | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  // Leaving the page mid-recording must not leave the microphone on.
  useEffect(
    () => () => {
      if (capture.current) {
        capture.current.recorder.onstop = null;
        if (capture.current.recorder.state !== 'inactive') capture.current.recorder.stop();
        releaseCapture(capture.current);
        capture.current = null;
      }
    },
    [],
  );

  const start = useCallback(async () => {
    if (capture.current) return;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: AUDIO_CAPTURE.constraints });
    } catch {
      toast.error(RECORDER_ERRORS.recording.title, {
        description: RECORDER_ERRORS.recording.description,
      });
      return;
    }
    try {
      const mimeType = MediaRecorder.isTypeSupported(AUDIO_CAPTURE.mimeType)
        ? AUDIO_CAPTURE.mimeType
        : undefined;
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const audioContext = new AudioContext();
      const analyser = audioContext.createAnalyser();
      analyser.fftSize = 1024;
      audioContext.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      const current: Capture = {
        stream,
        recorder,
        audioContext,
        chunks: [],
        startedAt: performance.now(),
        frame: 0,
        ticker: setInterval(() => {
          setElapsedMs(performance.now() - current.startedAt);
        }, 250),
      };
      const measure = () => {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        // RMS of speech sits around 0.05–0.3; scale so normal speech fills most of the meter.
        const next = Math.min(1, Math.sqrt(sum / samples.length) * 4);
        setLevel((previous) => (Math.abs(previous - next) > 0.02 ? next : previous));
        current.frame = requestAnimationFrame(measure);
      };
      current.frame = requestAnimationFrame(measure);
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      };
      recorder.start(AUDIO_CAPTURE.timesliceMs);
      capture.current = current;
      setElapsedMs(0);
      setState('recording');
    } catch {
      for (const track of stream.getTracks()) track.stop();
      toast.error(RECORDER_ERRORS.recording.title, {
        description: RECORDER_ERRORS.recording.description,
      });
    }
  }, []);

  const stop = useCallback(() => {
    const current = capture.current;
    if (!current || current.recorder.state === 'inactive') return;
    const durationMs = performance.now() - current.startedAt;
    setState('processing');
    setLevel(0);
    current.recorder.onstop = () => {
      releaseCapture(current);
      capture.current = null;
      const blob = new Blob(current.chunks, {
        type: current.recorder.mimeType || AUDIO_CAPTURE.mimeType,
      });
      const processed =
        blob.size === 0
          ? Promise.reject(new Error('empty recording'))
          : onRecordedRef.current({ blob, durationMs });
      processed
        .catch(() => {
          toast.error(RECORDER_ERRORS.processing.title, {
            description: RECORDER_ERRORS.processing.description,
          });
        })
        .finally(() => {
          setState('idle');
          setElapsedMs(0);
        });
    };
    current.recorder.stop();
  }, []);

  return { state, elapsedMs, level, start, stop };
}
