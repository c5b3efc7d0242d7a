import {
  CARE_ACCESS_LABELS,
  type AccessLogEntry,
  type CareAccessWhat,
} from '@kaleido/shared/care/care.schemas';

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

const ITEM: Record<CareAccessWhat, [string, string]> = {
  mood_trend: ['entry', 'entries'],
  shared_entries: ['entry', 'entries'],
  transcripts: ['transcript', 'transcripts'],
  alert: ['item', 'items'],
  report: ['item', 'items'],
};

/** "Carol viewed your mood trend, 3 entries, on 24 Nov 2026". */
export function accessSentence(entry: AccessLogEntry): string {
  const [one, many] = ITEM[entry.what];
  const count = `${entry.itemCount} ${entry.itemCount === 1 ? one : many}`;
  return `${entry.professional.name} viewed ${CARE_ACCESS_LABELS[entry.what]}, ${count}, on ${formatDay(entry.at)}`;
}
