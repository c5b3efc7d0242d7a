import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { useVoiceRecorder } from './use-voice-recorder';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** Enough of MediaRecorder for the hook: one chunk per start/stop, then 'stop'. */
class FakeMediaRecorder {
  static isTypeSupported = () => true;
  static last: FakeMediaRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string },
  ) {
    FakeMediaRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['audio'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 0, getFloatTimeDomainData: (samples: Float32Array) => samples.fill(0.1) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

const stopTrack = vi.fn();
const getUserMedia = vi.fn();

beforeEach(() => {
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('useVoiceRecorder (SPEC §4 recording states, §7 capture, §8 errors)', () => {
  it('goes idle → recording → processing → idle and hands over {blob, durationMs}', async () => {
    let finish: () => void = () => undefined;
    const onRecorded = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { result } = renderHook(() => useVoiceRecorder(onRecorded));
    expect(result.current.state).toBe('idle');

    await act(() => result.current.start());
    expect(result.current.state).toBe('recording');
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: {
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
        sampleRate: 44_100,
      },
    });
    expect(FakeMediaRecorder.last?.options?.mimeType).toBe('audio/webm;codecs=opus');
    expect(FakeMediaRecorder.last?.timeslice).toBe(1000);

    act(() => result.current.stop());
    expect(result.current.state).toBe('processing');
    expect(stopTrack).toHaveBeenCalled();
    const [[recording]] = onRecorded.mock.calls as unknown as [
      [{ blob: Blob; durationMs: number }],
    ];
    expect(recording.blob.size).toBeGreaterThan(0);
    expect(recording.durationMs).toBeGreaterThanOrEqual(0);

    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(result.current.state).toBe('idle');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Recording Error' when the microphone is refused", async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { result } = renderHook(() => useVoiceRecorder(vi.fn()));
    await act(() => result.current.start());
    expect(result.current.state).toBe('idle');
    expect(toast.error).toHaveBeenCalledWith('Recording Error', {
      description: 'Unable to access microphone. Please check permissions.',
    });
  });

  it("says 'Processing Error' when handling the recording fails", async () => {
    const { result } = renderHook(() =>
      useVoiceRecorder(() => Promise.reject(new Error('upload failed'))),
    );
    await act(() => result.current.start());
    await act(async () => {
      result.current.stop();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current.state).toBe('idle');
    expect(toast.error).toHaveBeenCalledWith('Processing Error', {
      description: 'Failed to process audio recording.',
    });
  });
});
