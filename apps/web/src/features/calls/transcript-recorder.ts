import { CALL_TRANSCRIPT_SEGMENT_MS } from '@kaleido/shared/calls/calls.schemas';
import { AUDIO_CAPTURE } from '@kaleido/shared/speech/speech.schemas';
import { uploadTranscriptSegment } from './api/calls-requests';

/**
 * Records this side's own microphone for a call's transcript, while both people agree: one
 * MediaRecorder per piece of CALL_TRANSCRIPT_SEGMENT_MS (each piece a whole WebM file the
 * speech queue can decode alone), each uploaded as it ends. The other side records its own.
 * Stopping ends the piece under way and uploads it (the server takes it for a short while
 * after the stop). A muted microphone records silence, which transcribes to nothing.
 */
export class TranscriptRecorder {
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(
    private readonly callId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  get active() {
    return this.running;
  }

  start(track: MediaStreamTrack) {
    if (this.running) return;
    this.running = true;
    this.piece(new MediaStream([track]));
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer ?? undefined);
    if (this.recorder?.state === 'recording') this.recorder.stop();
    this.recorder = null;
  }

  private piece(stream: MediaStream) {
    if (!this.running) return;
    const mimeType = MediaRecorder.isTypeSupported(AUDIO_CAPTURE.mimeType)
      ? AUDIO_CAPTURE.mimeType
      : undefined;
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const durationMs = performance.now() - startedAt;
      if (chunks.length)
        uploadTranscriptSegment(
          this.callId,
          new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }),
          durationMs,
        ).catch(this.onError);
      this.piece(stream);
    };
    recorder.start();
    this.recorder = recorder;
    this.timer = setTimeout(() => {
      if (recorder.state === 'recording') recorder.stop();
    }, CALL_TRANSCRIPT_SEGMENT_MS);
  }
}
