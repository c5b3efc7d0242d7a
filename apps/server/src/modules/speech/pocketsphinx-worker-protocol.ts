/** What the recogniser's parent (pocketsphinx-child.ts) and child (pocketsphinx-worker.ts) say. */

/** The plain WAV header ffmpeg writes for the recogniser (audio-decode.ts); samples follow it. */
export const WAV_HEADER_BYTES = 44;

export interface WorkerOptions {
  /** Extra pocketsphinx options, e.g. `-maxhmmpf 3000`. */
  decoderArgs: string[];
  /** `generic`: PocketSphinx's en-us model alone; `journaling`: interpolated with ours. */
  languageModel: 'generic' | 'journaling';
  /** Library file names (Debian's by default). */
  libraries?: { pocketsphinx: string; sphinxbase: string };
}

export interface WorkerRequest {
  id: number;
  /** A 16 kHz mono 16-bit WAV with the 44-byte header. */
  wav: string;
}

export type WorkerReply =
  | { type: 'ready'; languageModel: { sentences: number; weight: number } | null }
  /** The libraries or FFI are not there (or not the expected build): use a process per file. */
  | { type: 'unavailable'; reason: string }
  | { type: 'failed'; reason: string }
  | { type: 'text'; id: number; text: string }
  | { type: 'error'; id: number; error: string };
