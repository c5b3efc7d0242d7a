/** Turns an audio file into text. Engines are chosen at start-up (see active-engine.ts). */
export interface TranscriptionEngine {
  readonly name: 'pocketsphinx' | 'openai-compatible';
  /** Human description for /readyz and the UI. */
  readonly description: string;
  available(): Promise<boolean>;
  /** `maxSeconds`: audio beyond it is not decoded (AudioTooLongError). */
  transcribe(audioPath: string, limits?: { maxSeconds: number }): Promise<string>;
}

export class AudioDecodeError extends Error {}

/** Longer than the server decodes; like undecodable audio, a retry will not help. */
export class AudioTooLongError extends AudioDecodeError {
  constructor(readonly maxSeconds: number) {
    const limit =
      maxSeconds >= 60 ? `${Math.round(maxSeconds / 60)} minutes` : `${maxSeconds} seconds`;
    super(`The recording is too long to transcribe (at most ${limit}).`);
  }
}
