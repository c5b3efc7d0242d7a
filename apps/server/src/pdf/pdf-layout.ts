import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { PdfDocument } from './pdf-document';

/**
 * Lays a described document out with pdfkit: A4, a Unicode font when the system has DejaVu
 * (accents, Greek, Cyrillic; PDF's built-in fonts cover only Latin-1), the bytes in a Buffer.
 * CPU-bound for seconds on a long document: it runs in the worker thread (pdf-worker.ts).
 */

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';

export function layOutPdf(document: PdfDocument): Promise<Buffer> {
  const unicode = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
  const fonts = {
    regular: unicode ? DEJAVU : 'Times-Roman',
    bold: unicode ? DEJAVU_BOLD : 'Times-Bold',
  };
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: document.title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const step of document.ops) {
    switch (step.op) {
      case 'font':
        doc.font(fonts[step.font]);
        break;
      case 'fontSize':
        doc.fontSize(step.size);
        break;
      case 'fillColor':
        doc.fillColor(step.color);
        break;
      case 'moveDown':
        doc.moveDown(step.lines);
        break;
      case 'text':
        doc.text(step.text, step.options);
        break;
    }
  }
  doc.end();
  return done;
}
