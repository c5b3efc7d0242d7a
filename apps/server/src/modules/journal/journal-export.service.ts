import { JOURNAL_MESSAGES as M } from '@kaleido/shared/journal/journal.constants';
import { badRequest } from '../../http/errors';
import type { PdfExports } from '../../pdf/pdf-exports';
import { journalMarkdown, journalPdf } from './journal-export';
import type { JournalExportRepository } from './journal-export.repository';
import { toEntry, type JournalEntryKit } from './journal-entry-kit';
import { bound } from './journal-paging';
import type { JournalRepository } from './journal.repository';

export type JournalExport = ReturnType<typeof createJournalExport>;

/** One entry, or those in a date range; with neither bound, the whole journal. */
export type ExportRange = { id?: string; from?: string | undefined; to?: string | undefined };

/**
 * An entry or a period of the journal as a document the person downloads: Markdown is built at
 * once (cheap); a PDF goes through the export rules (pdf/pdf-exports.ts) and a worker thread.
 */
export function createJournalExport(deps: {
  exports: JournalExportRepository;
  repository: Pick<JournalRepository, 'tagsOf'>;
  kit: Pick<JournalEntryKit, 'owned' | 'timezoneOf'>;
  pdfs: Pick<PdfExports, 'render'>;
}) {
  const { exports, repository, kit } = deps;

  /** Bytes of text an export of the range would hold (one entry: within the entry limit). */
  async function textBytes(userId: string, range: ExportRange): Promise<number> {
    if (range.id) return 0;
    const timezone = await kit.timezoneOf(userId);
    const filter = { timezone, from: bound(range.from), to: bound(range.to) };
    return exports.textBytesInRange(userId, filter);
  }

  /** Entries for an export: one, or those in a date range, with their tags and timezone. */
  async function entriesOf(userId: string, range: ExportRange) {
    if (range.from && range.to && Date.parse(range.from) > Date.parse(range.to))
      throw badRequest(M.badRange);
    const timezone = await kit.timezoneOf(userId);
    const rows = range.id
      ? [await kit.owned(userId, range.id)]
      : await exports.inRange(userId, {
          timezone,
          from: bound(range.from),
          to: bound(range.to),
        });
    const tags = await repository.tagsOf(rows.map((r) => r.id));
    return { timezone, entries: rows.map((r) => toEntry(r, tags.get(r.id) ?? [])) };
  }

  return {
    /** The document's body; `headingOf` names it from the entries it holds. */
    async document(
      userId: string,
      type: 'md' | 'pdf',
      range: ExportRange,
      headingOf: (entries: { title: string }[]) => string,
    ) {
      const read = async () => {
        const { timezone, entries } = await entriesOf(userId, range);
        return { heading: headingOf(entries), entries, timezone };
      };
      if (type === 'md') {
        const { heading, entries, timezone } = await read();
        return journalMarkdown(heading, entries, timezone);
      }
      return deps.pdfs.render(
        userId,
        async () => {
          const { heading, entries, timezone } = await read();
          return journalPdf(heading, entries, timezone);
        },
        () => textBytes(userId, range),
      );
    },
  };
}
