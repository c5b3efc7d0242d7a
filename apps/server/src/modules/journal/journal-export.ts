import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { describePdf, type PdfDocument } from '../../pdf/pdf-document';

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

/** The PDF's description; pdf-exports.ts lays it out off the event loop. */
export function journalPdf(
  heading: string,
  entries: JournalEntry[],
  timezone: string,
): PdfDocument {
  return describePdf(heading, (doc, { regular, bold }) => {
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
  });
}
