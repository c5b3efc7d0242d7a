// Transcription figures, one run (~2 minutes on 2 busy cores):   node --import tsx bench/stt.ts
// Word error rate (WER) and real-time factor (RTF = processing time ÷ audio duration) of the
// embedded engine (PocketSphinx, the same code the server runs: its ffmpeg decode, then the
// recogniser), per file and in total, on
//   - natural speech: the LibriVox recordings shipped by Debian's pocketsphinx-testdata (held out:
//     nothing in the engine is tuned on them), through two paths in the same run:
//       direct  — the WAV file given to the server's decode + engine;
//       browser — Debian Chromium plays the WAV as its (fake) microphone, the page records it with
//                 MediaRecorder exactly as the app's recorder does (AUDIO_CAPTURE: echo
//                 cancellation, noise suppression, auto gain, webm/opus), and that recording goes
//                 through the same server decode + engine (bench/stt-browser.ts);
//     and the browser − direct WER gap;
//   - synthetic speech: sentences spoken by espeak-ng, generated here (a sanity check only: the
//     engine's answer on them swings with the resampler, so no target is set on them).
// RTF is wall-clock; beside it the CPU RTF (CPU seconds of ffmpeg + pocketsphinx ÷ audio seconds,
// steady when other work shares the cores) and the plain ffmpeg decode alone (the baseline
// measured in the same run). The recogniser is a long-lived child process (decision 036): its
// CPU is read from /proc/<pid>/stat before and after each file (it is never reaped between
// files), ffmpeg's from this process's reaped children. The child is started (models loaded,
// journaling model built) by one untimed warm-up transcription, as a running server has it;
// that start is reported apart.
// Settings, for experiments: STT_LM=journaling|generic, STT_ARGS='-maxhmmpf 3000',
// STT_PERSISTENT=0 (decision 031's process per file).
// STT_RECORDINGS=DIR keeps Chromium's recordings in DIR and reuses those already there, so an
// experiment compares settings on identical audio (Chromium's recordings come out the same run to
// run anyway; this saves the minute they take).
// BROWSER_RAW=1 adds a third path: the browser with echo cancellation, noise suppression and
// auto gain off. BROWSER=0 skips Chromium. A figure, not a test: no assertions.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createPocketSphinxEngine,
  POCKETSPHINX_DEFAULTS,
} from '../apps/server/src/modules/speech/pocketsphinx-engine';
import { recordThroughChromium } from './stt-browser';

const SENTENCES = [
  'Today I felt calm and grateful for my friends.',
  'I was anxious before the meeting but it went well.',
  'Walking by the sea made me feel lighter.',
  'I could not sleep last night and I am tired.',
  'My sister called and we laughed for an hour.',
];
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** How long the page keeps recording after the speech file ends (a person then presses stop). */
const STOP_AFTER_SECONDS = 0.5;

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

/** Word-level edit distance (substitutions + deletions + insertions). */
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

/** Decoded length (webm from a browser has no declared duration). */
function durationSeconds(path: string): number {
  const out = execFileSync('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-i', path, '-f', 'null', '-progress', 'pipe:1', '-nostats'],
    '-',
  ]).toString();
  const last = [...out.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
  return Number(last ?? 0) / 1_000_000;
}

/**
 * CPU seconds used so far by this process's finished children (ffmpeg, pocketsphinx), from
 * /proc: unlike the wall clock, it does not grow when other work shares the cores.
 */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command name: field 14 (cutime) and 15 (cstime) are indices 13 and 14 here.
  return (Number(fields[13]) + Number(fields[14])) / 100 + recogniserCpuSeconds();
}

/** CPU seconds (utime + stime) of the live recogniser children of this process. */
function recogniserCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // Fields 4 (ppid), 14 (utime), 15 (stime): indices 1, 11, 12 after the command name.
      if (Number(stat[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pocketsphinx-worker')) continue;
      total += (Number(stat[11]) + Number(stat[12])) / 100;
    } catch {
      // the process ended meanwhile: its time is in cutime now
    }
  }
  return total;
}

const dir = mkdtempSync(join(tmpdir(), 'kaleido-bench-stt-'));

/** The plain decode (what any transcription costs at least): the baseline, seconds. */
function plainDecodeSeconds(path: string): number {
  const start = performance.now();
  execFileSync('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-i', path],
    ...['-ar', '16000', '-ac', '1', join(dir, 'decode.wav')],
  ]);
  return (performance.now() - start) / 1000;
}

const synthetic: Sample[] = SENTENCES.map((sentence, i) => {
  const path = join(dir, `espeak-${i + 1}.wav`);
  execFileSync('espeak-ng', ['-s', '140', '-w', path, sentence]);
  return { name: `espeak-${i + 1}`, path, reference: sentence };
});
const natural: Sample[] = [];
if (existsSync(join(LIBRIVOX, 'transcription'))) {
  for (const line of readFileSync(join(LIBRIVOX, 'transcription'), 'utf8').split('\n')) {
    const match = /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim());
    if (match?.[1] && match[2])
      natural.push({
        name: match[2].replace('sense_and_sensibility_01_austen_64kb-', 'librivox-'),
        path: join(LIBRIVOX, `${match[2]}.wav`),
        reference: match[1],
      });
  }
} else {
  console.log('(apt-get install pocketsphinx-testdata for natural-speech samples)');
}

const settings = {
  languageModel:
    process.env.STT_LM === 'journaling' || process.env.STT_LM === 'generic'
      ? process.env.STT_LM
      : POCKETSPHINX_DEFAULTS.languageModel,
  decoderArgs: process.env.STT_ARGS
    ? process.env.STT_ARGS.split(/\s+/).filter(Boolean)
    : POCKETSPHINX_DEFAULTS.decoderArgs,
};
const engine = createPocketSphinxEngine({
  persistent: process.env.STT_PERSISTENT !== '0',
  recogniser: settings,
});
if (!(await engine.available())) {
  console.log(
    'PocketSphinx or ffmpeg is not installed: apt-get install ffmpeg pocketsphinx pocketsphinx-en-us',
  );
  process.exit(0);
}

interface Totals {
  errors: number;
  words: number;
  seconds: number;
  processing: number;
  cpu: number;
  decoding: number;
}
const newTotals = (): Totals => ({
  errors: 0,
  words: 0,
  seconds: 0,
  processing: 0,
  cpu: 0,
  decoding: 0,
});
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const percent = (errors: number, total: number) => `${((100 * errors) / total).toFixed(1)}%`;

async function measure(path: string, label: string, sample: Sample, totals: Totals) {
  const seconds = durationSeconds(path);
  const decoding = plainDecodeSeconds(path);
  const cpuBefore = childCpuSeconds();
  const start = performance.now();
  const hypothesis = await engine.transcribe(path);
  const processing = (performance.now() - start) / 1000;
  const cpu = childCpuSeconds() - cpuBefore;
  const reference = words(sample.reference);
  const errors = wordErrors(reference, words(hypothesis));
  totals.errors += errors;
  totals.words += reference.length;
  totals.seconds += seconds;
  totals.processing += processing;
  totals.cpu += cpu;
  totals.decoding += decoding;
  console.log(
    `${pad(sample.name, 15)}${pad(label, 9)}${pad(seconds.toFixed(1), 8)}${pad(`${((100 * errors) / reference.length).toFixed(0)}%`, 6)}${pad((processing / seconds).toFixed(2), 6)}${pad((cpu / seconds).toFixed(2), 6)}${pad((decoding / seconds).toFixed(3), 8)}${hypothesis}`,
  );
}

function summary(label: string, totals: Totals): string {
  return (
    `${pad(label, 22)}WER ${pad(percent(totals.errors, totals.words), 7)} RTF ${(totals.processing / totals.seconds).toFixed(3)} (CPU ${(totals.cpu / totals.seconds).toFixed(3)})` +
    `  (${totals.seconds.toFixed(1)} s of audio; decode alone ${(totals.decoding / totals.seconds).toFixed(3)}, engine/decode ${(totals.processing / totals.decoding).toFixed(1)}×)`
  );
}

const started = performance.now();
console.log(
  `${pad('file', 15)}${pad('path', 9)}${pad('audio s', 8)}${pad('WER', 6)}${pad('RTF', 6)}${pad('CPU', 6)}${pad('decode', 8)}hypothesis`,
);
const paths: { label: string; constraints?: MediaTrackConstraints }[] = [{ label: 'direct' }];
if (process.env.BROWSER !== '0') paths.push({ label: 'browser' });
if (process.env.BROWSER_RAW === '1')
  paths.push({
    label: 'brw-raw',
    constraints: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  });
const totals = new Map(paths.map((path) => [path.label, newTotals()]));
// First every recording, then every transcription: Chromium's processes are reaped (and their
// CPU counted as this process's children's) while no transcription is being timed.
const recordings = new Map<string, string>();
for (const sample of natural) {
  for (const path of paths) {
    if (path.label === 'direct') continue;
    const webm = join(process.env.STT_RECORDINGS ?? dir, `${sample.name}-${path.label}.webm`);
    recordings.set(`${sample.name} ${path.label}`, webm);
    if (process.env.STT_RECORDINGS && existsSync(webm)) continue;
    // The fake microphone loops its file: follow the speech with silence the recording stops in.
    const fake = join(dir, `${sample.name}-microphone.wav`);
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-y', '-i', sample.path, '-af', 'apad=pad_dur=3'],
      fake,
    ]);
    const recording = await recordThroughChromium(
      fake,
      durationSeconds(sample.path) + STOP_AFTER_SECONDS,
      path.constraints,
    );
    writeFileSync(webm, recording.bytes);
  }
}
await sleep(2000);
const warmUp = performance.now();
const warmUpCpu = childCpuSeconds();
await engine.transcribe(synthetic[0]?.path ?? '');
console.log(
  `(warm-up transcription, recogniser start included: ${((performance.now() - warmUp) / 1000).toFixed(2)} s, CPU ${(childCpuSeconds() - warmUpCpu).toFixed(2)} s)`,
);
console.log(
  `engine: ${engine.description}; decoder options: ${settings.decoderArgs.join(' ') || 'defaults'}`,
);
for (const sample of natural) {
  for (const path of paths) {
    const file =
      path.label === 'direct' ? sample.path : recordings.get(`${sample.name} ${path.label}`);
    if (file) await measure(file, path.label, sample, totals.get(path.label) ?? newTotals());
  }
}
const syntheticTotals = newTotals();
for (const sample of synthetic) await measure(sample.path, 'direct', sample, syntheticTotals);

console.log(`\nnatural speech (LibriVox, held out), ${natural.length} files:`);
for (const [label, pathTotals] of totals) console.log(`  ${summary(label, pathTotals)}`);
const direct = totals.get('direct');
for (const [label, pathTotals] of totals) {
  if (label === 'direct' || !direct || direct.words === 0) continue;
  const gap = (100 * pathTotals.errors) / pathTotals.words - (100 * direct.errors) / direct.words;
  console.log(`  ${label} − direct WER gap: ${gap >= 0 ? '+' : ''}${gap.toFixed(1)} points`);
}
console.log(`synthetic speech (espeak-ng), ${synthetic.length} files:`);
console.log(`  ${summary('direct', syntheticTotals)}`);
console.log(
  `run: ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadavg()[0]?.toFixed(1)}`,
);
rmSync(dir, { recursive: true, force: true });
