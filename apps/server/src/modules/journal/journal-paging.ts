import { JOURNAL_MESSAGES as M } from '@kaleido/shared/journal/journal.constants';
import { badRequest } from '../../http/errors';
import type { Bound } from './journal-entry-filter';
import { MARK_END, MARK_START, type PagePosition } from './journal-search.repository';

// How a list request's text becomes repository terms and back: cursors, date bounds and the
// search highlight. Kept apart from the service so its rules read without the entry's life cycle.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** ts_headline's text, escaped, with only our <mark> as markup. */
export function markHighlight(raw: string): string {
  return escapeHtml(raw).split(MARK_START).join('<mark>').split(MARK_END).join('</mark>');
}

/** Opaque to clients: base64url JSON of where the next page starts. */
export function encodeCursor(position: PagePosition): string {
  const plain =
    'offset' in position
      ? { o: position.offset }
      : { t: position.after.createdAt.toISOString(), id: position.after.id };
  return Buffer.from(JSON.stringify(plain)).toString('base64url');
}
export function decodeCursor(cursor: string): PagePosition {
  try {
    const plain = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o?: unknown;
      t?: unknown;
      id?: unknown;
    };
    if (typeof plain.o === 'number' && Number.isInteger(plain.o) && plain.o >= 0)
      return { offset: plain.o };
    if (
      typeof plain.t === 'string' &&
      typeof plain.id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(plain.id) &&
      !Number.isNaN(Date.parse(plain.t))
    )
      return { after: { createdAt: new Date(plain.t), id: plain.id } };
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(M.badCursor, undefined, 'BAD_CURSOR');
}

export const bound = (value: string | undefined): Bound | undefined =>
  value === undefined
    ? undefined
    : value.length === 10
      ? { day: value }
      : { instant: new Date(value) };
