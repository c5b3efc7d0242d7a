import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfDocument } from './pdf-document';

/**
 * Lays documents out in worker threads (pdf-worker.mjs), never on the event loop: one worker per
 * document, at most `maxRunning` at once in this instance (the others wait their turn, up to
 * `maxWaiting`), each stopped after `timeoutMs` and confined to `maxHeapMb` of heap.
 */

export class PdfRendererBusyError extends Error {}
export class PdfRenderFailedError extends Error {}

// From source (tsx, vitest) the worker is pdf-worker.mjs beside this file, plain JavaScript that
// Node runs as it is; built, it is dist/pdf-worker.js beside the bundle (build.mjs), whose
// import.meta.url is dist/main.js.
const WORKER = new URL(
  fileURLToPath(import.meta.url).endsWith('.ts') ? './pdf-worker.mjs' : './pdf-worker.js',
  import.meta.url,
);

function startWorker(document: PdfDocument, maxHeapMb: number): Worker {
  return new Worker(WORKER, {
    workerData: document,
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
  });
}

function renderInWorker(document: PdfDocument, timeoutMs: number, maxHeapMb: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const worker = startWorker(document, maxHeapMb);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new PdfRenderFailedError(`Layout took over ${timeoutMs} ms.`))),
      timeoutMs,
    );
    worker.once('message', (bytes: Uint8Array) =>
      finish(() => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
    );
    worker.once('error', (error) => finish(() => reject(new PdfRenderFailedError(error.message))));
    worker.once('exit', (code) =>
      finish(() => reject(new PdfRenderFailedError(`The PDF worker stopped (${code}).`))),
    );
  });
}

export interface PdfRenderer {
  render(document: PdfDocument): Promise<Buffer>;
  /** Documents being laid out now (tests, metrics). */
  running(): number;
}

export function createPdfRenderer(options: {
  maxRunning: number;
  maxWaiting: number;
  timeoutMs: number;
  maxHeapMb: number;
}): PdfRenderer {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function turn(): Promise<void> {
    if (running < options.maxRunning) {
      running += 1;
      return;
    }
    if (waiting.length >= options.maxWaiting) throw new PdfRendererBusyError();
    // The one finishing hands its place on, so `running` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function done() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async render(document) {
      await turn();
      try {
        return await renderInWorker(document, options.timeoutMs, options.maxHeapMb);
      } finally {
        done();
      }
    },
    running: () => running,
  };
}
