// The PDF worker thread (pdf-renderer.ts starts one per document): lays out the document it is
// given and posts the bytes back, transferred rather than copied. Built, it is dist/pdf-worker.js
// beside the bundle (build.mjs); from source it is loaded through tsx.
import { parentPort, workerData } from 'node:worker_threads';
import type { PdfDocument } from './pdf-document';
import { layOutPdf } from './pdf-layout';

const bytes = await layOutPdf(workerData as PdfDocument);
// A copy of its own (Buffer.concat may sit in a shared pool), so the transfer takes nothing else.
const own = new Uint8Array(bytes);
parentPort?.postMessage(own, [own.buffer]);
