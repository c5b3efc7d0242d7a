import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';

/**
 * An entry or a period of the journal as a person would hand it to someone (their therapist):
 * title, date in their timezone, mood, tags, then the words — as Markdown or as a PDF.
 */

const when = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(iso));

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function details(entry: JournalEntry, timezone: string): string[] {
  return [
    when(entry.createdAt, timezone),
    `Mood: ${capitalised(entry.mood)}`,
    ...(entry.tags.length > 0 ? [`Tags: ${entry.tags.join(', ')}`] : []),
  ];
}

/** Markdown-significant characters at a line start would turn words into headings or lists. */
const escapeLineStarts = (text: string) => text.replace(/^([#>*+-]|\d+\.)/gm, '\\$1');

export function journalMarkdown(
  heading: string,
  entries: JournalEntry[],
  timezone: string,
): string {
  const parts = [`# ${heading}`, ''];
  if (entries.length === 0) parts.push('_No journal entries in this period._', '');
  for (const entry of entries) {
    parts.push(
      `## ${escapeLineStarts(entry.title)}`,
      '',
      `*${details(entry, timezone).join(' · ')}*`,
      '',
    );
    parts.push(escapeLineStarts(entry.content || '(No transcript yet.)'), '', '---', '');
  }
  return parts.join('\n');
}

// DejaVu covers accents, Greek, Cyrillic and more; PDF's built-in fonts only Latin-1.
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';

export function journalPdf(
  heading: string,
  entries: JournalEntry[],
  timezone: string,
): Promise<Buffer> {
  const unicode = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
  const regular = unicode ? DEJAVU : 'Times-Roman';
  const bold = unicode ? DEJAVU_BOLD : 'Times-Bold';
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: heading } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(bold).fontSize(20).text(heading);
  doc.moveDown();
  if (entries.length === 0)
    doc.font(regular).fontSize(12).text('No journal entries in this period.');
  entries.forEach((entry, index) => {
    if (index > 0) doc.moveDown(1.5);
    doc.font(bold).fontSize(16).text(entry.title);
    doc
      .font(regular)
      .fontSize(10)
      .fillColor('#555555')
      .text(details(entry, timezone).join('  ·  '));
    doc.moveDown(0.5);
    doc
      .fillColor('#000000')
      .fontSize(12)
      .text(entry.content || '(No transcript yet.)', { lineGap: 4, align: 'left' });
  });
  doc.end();
  return done;
}
