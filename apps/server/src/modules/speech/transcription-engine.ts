/** Turns an audio file into text. Engines are chosen at start-up (see speech.service.ts). */
export interface TranscriptionEngine {
  readonly name: 'pocketsphinx' | 'openai-compatible';
  /** Human description for /readyz and the UI. */
  readonly description: string;
  available(): Promise<boolean>;
  transcribe(audioPath: string): Promise<string>;
}

export class AudioDecodeError extends Error {}
