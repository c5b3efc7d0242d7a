import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Real speech: espeak-ng says the sentence into a WAV, ffmpeg makes it webm/opus like a browser. */
export function spokenWebm(sentence: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'kaleido-speech-'));
  const wav = join(dir, 'speech.wav');
  const webm = join(dir, 'speech.webm');
  execFileSync('espeak-ng', ['-s', '140', '-w', wav, sentence]);
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-c:a',
    'libopus',
    '-ar',
    '48000',
    webm,
  ]);
  return readFileSync(webm);
}
