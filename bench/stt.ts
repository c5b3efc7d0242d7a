// Transcription figures, one run (~1 minute on 2 cores):   node --import tsx bench/stt.ts
// Word error rate (WER) and real-time factor (RTF = processing time ÷ audio duration) of the
// embedded engine (PocketSphinx, the same code the server runs) per file and in total, over
//   - sentences spoken by espeak-ng, generated here (synthetic, clean), and
//   - LibriVox recordings shipped by Debian's pocketsphinx-testdata (natural speech), when installed.
// Beside each RTF, the ffmpeg decode alone (the baseline measured in the same run).
// A figure, not a test: no assertions.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPocketSphinxEngine } from '../apps/server/src/modules/speech/pocketsphinx-engine';

const SENTENCES = [
  'Today I felt calm and grateful for my friends.',
  'I was anxious before the meeting but it went well.',
  'Walking by the sea made me feel lighter.',
  'I could not sleep last night and I am tired.',
  'My sister called and we laughed for an hour.',
];
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

interface Sample {
  name: string;
  path: string;
  reference: string;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word-level edit distance ÷ reference length. */
function wordErrors(reference: string[], hypothesis: string[]): number {
  const row = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= hypothesis.length; j++) {
      const above = row[j] ?? 0;
      const cost = reference[i - 1] === hypothesis[j - 1] ? 0 : 1;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return row[hypothesis.length] ?? 0;
}

function durationSeconds(path: string): number {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    path,
  ]).toString();
  return Number.parseFloat(out);
}

const dir = mkdtempSync(join(tmpdir(), 'kaleido-bench-stt-'));
const samples: Sample[] = SENTENCES.map((sentence, i) => {
  const path = join(dir, `espeak-${i + 1}.wav`);
  execFileSync('espeak-ng', ['-s', '140', '-w', path, sentence]);
  return { name: `espeak-${i + 1}`, path, reference: sentence };
});
if (existsSync(join(LIBRIVOX, 'transcription'))) {
  for (const line of readFileSync(join(LIBRIVOX, 'transcription'), 'utf8').split('\n')) {
    const match = /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim());
    if (match?.[1] && match[2])
      samples.push({
        name: match[2].replace('sense_and_sensibility_01_austen_64kb-', 'librivox-'),
        path: join(LIBRIVOX, `${match[2]}.wav`),
        reference: match[1],
      });
  }
} else {
  console.log('(apt-get install pocketsphinx-testdata for natural-speech samples)');
}

const engine = createPocketSphinxEngine();
if (!(await engine.available())) {
  console.log(
    'PocketSphinx or ffmpeg is not installed: apt-get install ffmpeg pocketsphinx pocketsphinx-en-us',
  );
  process.exit(0);
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `${pad('file', 16)}${pad('audio s', 9)}${pad('WER', 8)}${pad('RTF', 8)}${pad('decode RTF', 12)}hypothesis`,
);
const totals = { errors: 0, words: 0, seconds: 0, processing: 0, decoding: 0 };
for (const sample of samples) {
  const seconds = durationSeconds(sample.path);
  const decodeStart = performance.now();
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    sample.path,
    '-ar',
    '16000',
    '-ac',
    '1',
    join(dir, 'decode.wav'),
  ]);
  const decoding = (performance.now() - decodeStart) / 1000;
  const start = performance.now();
  const hypothesis = await engine.transcribe(sample.path);
  const processing = (performance.now() - start) / 1000;
  const reference = words(sample.reference);
  const errors = wordErrors(reference, words(hypothesis));
  totals.errors += errors;
  totals.words += reference.length;
  totals.seconds += seconds;
  totals.processing += processing;
  totals.decoding += decoding;
  console.log(
    `${pad(sample.name, 16)}${pad(seconds.toFixed(1), 9)}${pad(`${((100 * errors) / reference.length).toFixed(0)}%`, 8)}${pad((processing / seconds).toFixed(2), 8)}${pad((decoding / seconds).toFixed(3), 12)}${hypothesis}`,
  );
}
console.log(
  `\ntotal: ${samples.length} files, ${totals.seconds.toFixed(1)} s of audio, WER ${((100 * totals.errors) / totals.words).toFixed(1)}%, ` +
    `RTF ${(totals.processing / totals.seconds).toFixed(2)} (decode alone ${(totals.decoding / totals.seconds).toFixed(3)}; engine/decode ${(totals.processing / totals.decoding).toFixed(1)}×)`,
);
rmSync(dir, { recursive: true, force: true });
