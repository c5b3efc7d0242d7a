// The PDF worker thread (pdf-renderer.ts starts one per document): lays out the document it is
// given with pdfkit and posts the bytes back, transferred rather than copied. Plain JavaScript,
// so that from source (tsx, vitest) it starts without a TypeScript loader (which took seconds
// per PDF); built, esbuild bundles it to dist/pdf-worker.js beside main.js (build.mjs).
// `workerData` is a PdfDocument (pdf-document.ts): { title, ops: PdfOp[], textBytes }.
/* global Buffer */
import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import PDFDocument from 'pdfkit';

// The layout yields the CPU to the web server: on Linux, niceness is per thread, and
// /proc/thread-self names this one. Elsewhere it runs at the server's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // Not Linux, or not allowed: the worker thread alone already keeps the event loop free.
}

// A4, a Unicode font when the system has DejaVu (accents, Greek, Cyrillic; PDF's built-in fonts
// cover only Latin-1).
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';

function layOut(document) {
  const unicode = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
  const fonts = {
    regular: unicode ? DEJAVU : 'Times-Roman',
    bold: unicode ? DEJAVU_BOLD : 'Times-Bold',
  };
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: document.title } });
  const chunks = [];
  const done = new Promise((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const step of document.ops) {
    if (step.op === 'font') doc.font(fonts[step.font]);
    else if (step.op === 'fontSize') doc.fontSize(step.size);
    else if (step.op === 'fillColor') doc.fillColor(step.color);
    else if (step.op === 'moveDown') doc.moveDown(step.lines);
    else if (step.op === 'text') doc.text(step.text, step.options);
  }
  doc.end();
  return done;
}

const bytes = await layOut(workerData);
// A copy of its own (Buffer.concat may sit in a shared pool), so the transfer takes nothing else.
const own = new Uint8Array(bytes);
parentPort?.postMessage(own, [own.buffer]);
