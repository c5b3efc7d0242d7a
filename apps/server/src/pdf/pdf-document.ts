/**
 * The one PDF writer's layout language (journal export, care reports). A feature describes its
 * document with the few pdfkit calls it uses, on a recorder that only writes them down: that is
 * cheap, and the expensive part (pdfkit laying out the text, several seconds for a long journal)
 * runs in a worker thread (pdf-renderer.ts), never on the event loop (issue 24, N5).
 */

export interface PdfFonts {
  regular: PdfFont;
  bold: PdfFont;
}
/** Resolved to a font file (or a built-in font) where the document is laid out. */
export type PdfFont = 'regular' | 'bold';

export interface PdfTextOptions {
  lineGap?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
}

/** One call on the document, in order. Plain data: it crosses to the worker thread. */
export type PdfOp =
  | { op: 'font'; font: PdfFont }
  | { op: 'fontSize'; size: number }
  | { op: 'fillColor'; color: string }
  | { op: 'moveDown'; lines: number }
  | { op: 'text'; text: string; options?: PdfTextOptions };

/** The subset of pdfkit's document the features draw with (chained, as pdfkit's are). */
export interface PdfCanvas {
  font(font: PdfFont): PdfCanvas;
  fontSize(size: number): PdfCanvas;
  fillColor(color: string): PdfCanvas;
  moveDown(lines?: number): PdfCanvas;
  text(text: string, options?: PdfTextOptions): PdfCanvas;
}

export interface PdfDocument {
  title: string;
  ops: PdfOp[];
  /** UTF-8 bytes of all the text: what the layout's time grows with (the cap's measure). */
  textBytes: number;
}

/** Records what `draw` writes into a document description; lays nothing out. */
export function describePdf(
  title: string,
  draw: (doc: PdfCanvas, fonts: PdfFonts) => void,
): PdfDocument {
  const ops: PdfOp[] = [];
  let textBytes = Buffer.byteLength(title);
  const canvas: PdfCanvas = {
    font: (font) => (ops.push({ op: 'font', font }), canvas),
    fontSize: (size) => (ops.push({ op: 'fontSize', size }), canvas),
    fillColor: (color) => (ops.push({ op: 'fillColor', color }), canvas),
    moveDown: (lines = 1) => (ops.push({ op: 'moveDown', lines }), canvas),
    text(text, options) {
      textBytes += Buffer.byteLength(text);
      ops.push(options ? { op: 'text', text, options } : { op: 'text', text });
      return canvas;
    },
  };
  draw(canvas, { regular: 'regular', bold: 'bold' });
  return { title, ops, textBytes };
}
