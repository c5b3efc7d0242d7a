import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * The one PDF writer (journal export, care reports): A4, a Unicode font when the system has
 * DejaVu (accents, Greek, Cyrillic; PDF's built-in fonts cover only Latin-1), the bytes in a
 * Buffer. `draw` writes the content with the fonts given.
 */

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';

export type PdfDoc = InstanceType<typeof PDFDocument>;
export interface PdfFonts {
  regular: string;
  bold: string;
}

export function writePdf(
  title: string,
  draw: (doc: PdfDoc, fonts: PdfFonts) => void,
): Promise<Buffer> {
  const unicode = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
  const fonts = {
    regular: unicode ? DEJAVU : 'Times-Roman',
    bold: unicode ? DEJAVU_BOLD : 'Times-Bold',
  };
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, fonts);
  doc.end();
  return done;
}
