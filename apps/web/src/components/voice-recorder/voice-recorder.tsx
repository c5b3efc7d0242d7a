import { LoaderCircle, Mic, Square } from 'lucide-react';
import { Button } from '../ui/button';
import { useVoiceRecorder, type VoiceRecording } from './use-voice-recorder';

export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The record button with its live level meter and elapsed time. The caller's `onRecorded`
 * receives {blob, durationMs} and runs while the recorder shows 'Processing…'.
 */
export function VoiceRecorder({
  onRecorded,
  startLabel = 'Start Recording',
  disabled = false,
}: {
  onRecorded: (recording: VoiceRecording) => Promise<void>;
  startLabel?: string;
  disabled?: boolean;
}) {
  const { state, elapsedMs, level, start, stop } = useVoiceRecorder(onRecorded);
  return (
    <div
      className="flex flex-wrap items-center gap-4"
      data-testid="voice-recorder"
      data-state={state}
    >
      {state === 'idle' && (
        <Button onClick={() => void start()} disabled={disabled}>
          <Mic aria-hidden="true" /> {startLabel}
        </Button>
      )}
      {state === 'recording' && (
        <Button variant="destructive" onClick={stop}>
          <Square aria-hidden="true" /> Stop Recording
        </Button>
      )}
      {state === 'processing' && (
        <Button disabled>
          <LoaderCircle className="animate-spin" aria-hidden="true" /> Processing…
        </Button>
      )}
      {state === 'recording' && (
        <>
          <div
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
            className="h-2 w-40 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-75"
              style={{ width: `${Math.round(level * 100)}%` }}
            />
          </div>
          <span
            className="font-mono text-sm tabular-nums"
            aria-live="off"
            data-testid="recorder-elapsed"
          >
            <span className="sr-only">Recording for </span>
            {formatDuration(elapsedMs)}
          </span>
          <span className="sr-only" role="status">
            Recording
          </span>
        </>
      )}
    </div>
  );
}
