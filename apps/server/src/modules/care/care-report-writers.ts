import { CARE_SCOPE_LABELS } from '@kaleido/shared/care/care.schemas';
import { describePdf, type PdfDocument } from '../../pdf/pdf-document';
import { wallClock } from '../../lib/timezone';
import type { CareReport } from './care-reports.service';

/**
 * A care report written as PDF (to read or hand on) or CSV (to analyse). The format decides the
 * depth: brief gives counts and means; standard adds the moods by kind and the lists (dates,
 * titles, alerts); detailed adds each mood, the shared words and transcripts, and the
 * professional's own notes.
 */

/** The date the professional's calendar shows at an instant (the period's own days). */
function dayIn(timeZone: string) {
  return (at: Date) => {
    const w = wallClock(at, timeZone);
    return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  };
}
const signed = (n: number | null) => (n === null ? '–' : n.toFixed(2));
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function moodCounts(report: CareReport): string {
  return Object.entries(report.mood?.byMood ?? {})
    .map(([mood, count]) => `${mood} ${count}`)
    .join(', ');
}

export function reportTitle(report: CareReport): string {
  return `Report: ${report.person.name}, ${report.from} to ${report.to}`;
}

/** The PDF's description; pdf-exports.ts lays it out off the event loop. */
export function reportPdf(report: CareReport): PdfDocument {
  const standard = report.format !== 'brief';
  const detailed = report.format === 'detailed';
  const day = dayIn(report.timezone);
  return describePdf(reportTitle(report), (doc, { regular, bold }) => {
    const heading = (text: string) => {
      doc.moveDown(1).font(bold).fontSize(14).fillColor('#000000').text(text);
      doc.moveDown(0.3).font(regular).fontSize(11);
    };
    const line = (text: string) => doc.font(regular).fontSize(11).text(text, { lineGap: 3 });
    const muted = (text: string) =>
      doc.font(regular).fontSize(10).fillColor('#555555').text(text).fillColor('#000000');

    doc.font(bold).fontSize(20).text(`Report: ${report.person.name}`);
    muted(
      `Period ${report.from} to ${report.to} (${report.timezone}) · ${capitalised(report.format)} report`,
    );
    muted(
      `Prepared by ${report.professional.name}${report.professional.credentials ? `, ${report.professional.credentials}` : ''} on ${day(report.generatedAt)}`,
    );
    muted('Only what the person shares with you at the time of this report is included.');

    heading('Shared with you');
    if (report.shared.length === 0) line('Nothing is shared with you at the moment.');
    for (const scope of report.shared) line(`Shared: ${CARE_SCOPE_LABELS[scope]}`);
    for (const scope of report.notShared)
      line(`Not shared (not in this report): ${CARE_SCOPE_LABELS[scope]}`);

    if (report.mood) {
      heading('Mood and tone');
      line(`Moods recorded: ${report.mood.count}`);
      line(`Mean mood (−1 to 1): ${signed(report.mood.meanMood)}`);
      line(`Mean tone (−1 to 1): ${signed(report.mood.meanTone)}`);
      if (standard && report.mood.count > 0) line(`By mood: ${moodCounts(report)}`);
      if (detailed) for (const p of report.mood.points) line(`${day(p.at)}  ${p.mood}`);
    }
    if (report.entries) {
      heading('Shared journal entries');
      line(`Entries shared: ${report.entries.length}`);
      if (standard)
        for (const e of report.entries) {
          doc.moveDown(0.3);
          doc
            .font(bold)
            .fontSize(11)
            .text(`${day(e.at)} · ${e.title} · ${e.mood}`);
          if (detailed) line(e.content);
        }
    }
    if (report.transcripts) {
      heading('Voice note transcripts');
      line(`Transcripts: ${report.transcripts.length}`);
      if (standard)
        for (const t of report.transcripts) {
          doc.moveDown(0.3);
          doc
            .font(bold)
            .fontSize(11)
            .text(`${day(t.at)} · ${t.title}`);
          if (detailed) line(t.transcript);
        }
    }
    heading('Alerts');
    line(`Alerts in this period: ${report.alerts.length}`);
    if (standard)
      for (const a of report.alerts) line(`${day(a.at)} · ${a.label} (${a.status}): ${a.summary}`);
    if (detailed) {
      heading('Your private notes');
      if (report.notes.length === 0) line('No notes in this period.');
      for (const n of report.notes) line(`${day(n.at)}: ${n.content}`);
    }
  });
}

/** A CSV field: quoted when needed; a leading = + - @ cannot start a formula in a spreadsheet. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(report: CareReport): string {
  const day = dayIn(report.timezone);
  const standard = report.format !== 'brief';
  const detailed = report.format === 'detailed';
  const rows: (string | number | null)[][] = [
    ['section', 'date', 'title', 'mood', 'value', 'detail'],
    ['report', day(report.generatedAt), reportTitle(report), null, report.timezone, report.format],
  ];
  for (const scope of report.shared)
    rows.push(['shared', null, CARE_SCOPE_LABELS[scope], null, null, null]);
  for (const scope of report.notShared)
    rows.push(['not_shared', null, CARE_SCOPE_LABELS[scope], null, null, null]);
  if (report.mood) {
    rows.push(['summary', null, 'Moods recorded', null, report.mood.count, null]);
    rows.push(['summary', null, 'Mean mood', null, report.mood.meanMood, null]);
    rows.push(['summary', null, 'Mean tone', null, report.mood.meanTone, null]);
    if (standard)
      for (const [mood, count] of Object.entries(report.mood.byMood))
        rows.push(['summary', null, 'Moods of this kind', mood, count, null]);
    if (detailed)
      for (const p of report.mood.points) rows.push(['mood', day(p.at), null, p.mood, null, null]);
  }
  if (report.entries) {
    rows.push(['summary', null, 'Shared entries', null, report.entries.length, null]);
    if (standard)
      for (const e of report.entries)
        rows.push(['entry', day(e.at), e.title, e.mood, null, detailed ? e.content : null]);
  }
  if (report.transcripts) {
    rows.push(['summary', null, 'Transcripts', null, report.transcripts.length, null]);
    if (standard)
      for (const t of report.transcripts)
        rows.push(['transcript', day(t.at), t.title, null, null, detailed ? t.transcript : null]);
  }
  rows.push(['summary', null, 'Alerts', null, report.alerts.length, null]);
  if (standard)
    for (const a of report.alerts)
      rows.push(['alert', day(a.at), a.label, null, a.status, a.summary]);
  if (detailed)
    for (const n of report.notes) rows.push(['note', day(n.at), null, null, null, n.content]);
  return `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
