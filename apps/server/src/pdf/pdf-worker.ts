// The PDF worker thread (pdf-renderer.ts starts one per document): lays out the document it is
// given and posts the bytes back, transferred rather than copied. Built, it is dist/pdf-worker.js
// beside the bundle (build.mjs); from source it is loaded through tsx.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfDocument } from './pdf-document';
import { layOutPdf } from './pdf-layout';

// The layout yields the CPU to the web server: on Linux, niceness is per thread, and
// /proc/thread-self names this one. Elsewhere it runs at the server's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // Not Linux, or not allowed: the worker thread alone already keeps the event loop free.
}

const bytes = await layOutPdf(workerData as PdfDocument);
// A copy of its own (Buffer.concat may sit in a shared pool), so the transfer takes nothing else.
const own = new Uint8Array(bytes);
parentPort?.postMessage(own, [own.buffer]);
