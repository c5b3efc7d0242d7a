// The recogniser's child process (decision 036): loads PocketSphinx once, then decodes one 16 kHz
// mono 16-bit WAV file per request from its parent (pocketsphinx-child.ts) over the IPC channel.
// A crash or hang in native code ends this process only; the parent restarts it. It leaves when
// the parent does (the channel closes).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trainTrigramModel } from './arpa-language-model';
import {
  crossValidatedWeight,
  dictionaryWords,
  journalingSentences,
} from './journaling-language-model';
import { createNativeDecoder, NativeUnavailableError } from './pocketsphinx-native';
import {
  WAV_HEADER_BYTES,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pocketsphinx-worker-protocol';

function send(message: WorkerReply): Promise<void> {
  return new Promise((resolve) => {
    if (process.send) process.send(message, () => resolve());
    else resolve();
  });
}

async function start(options: WorkerOptions) {
  const decoder = await createNativeDecoder(options.decoderArgs, options.libraries);
  let languageModel: Extract<WorkerReply, { type: 'ready' }>['languageModel'] = null;
  if (options.languageModel === 'journaling') {
    const sentences = journalingSentences(await dictionaryWords(decoder.dictionaryPath));
    const weight = crossValidatedWeight(sentences, (word, history) =>
      decoder.genericProbability(word, history),
    );
    const dir = await mkdtemp(join(tmpdir(), 'kaleido-lm-'));
    try {
      const arpa = join(dir, 'journaling.arpa');
      await writeFile(arpa, trainTrigramModel(sentences).toArpa());
      decoder.interpolate(arpa, weight);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    languageModel = { sentences: sentences.length, weight };
  }
  process.on('message', (message: WorkerRequest) => {
    readFile(message.wav)
      .then((bytes) => {
        // The samples after the plain 44-byte header ffmpeg writes (audio-decode.ts).
        const body = bytes.subarray(WAV_HEADER_BYTES, bytes.length - ((bytes.length - 44) % 2));
        const samples = new Int16Array(
          body.buffer.slice(body.byteOffset, body.byteOffset + body.length),
        );
        return send({ type: 'text', id: message.id, text: decoder.decode(samples) });
      })
      .catch((error: unknown) => {
        return send({ type: 'error', id: message.id, error: (error as Error).message });
      });
  });
  await send({ type: 'ready', languageModel });
}

process.on('disconnect', () => process.exit(0));
const options = JSON.parse(process.env.KALEIDO_POCKETSPHINX ?? '{}') as WorkerOptions;
start(options).catch(async (error: unknown) => {
  const reason = (error as Error).message;
  await send(
    error instanceof NativeUnavailableError
      ? { type: 'unavailable', reason }
      : { type: 'failed', reason },
  );
  process.exit(1);
});
