import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const DATE_RANGES = [
  { value: 'all', label: 'All time', days: null },
  { value: '1d', label: 'Last 24 hours', days: 1 },
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
] as const;
export type DateRange = (typeof DATE_RANGES)[number]['value'];

export const NOTE_TYPES = [
  { value: 'all', label: 'All types' },
  { value: 'transcribed', label: 'Transcribed' },
  { value: 'pending', label: 'Awaiting transcript' },
  { value: 'untranscribed', label: 'Without transcript' },
  { value: 'unheard', label: 'Not listened yet' },
] as const;
export type NoteType = (typeof NOTE_TYPES)[number]['value'];

function pick<T extends string>(
  value: string | null,
  allowed: readonly { value: T }[],
  fallback: T,
): T {
  return allowed.find((option) => option.value === value)?.value ?? fallback;
}

/**
 * The list's search and filters live in the URL (?q=&range=&type=), so the filters drawer, the
 * search box and the list agree, and a reload or a shared link keeps them.
 */
export function useVoiceNoteFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const range = pick(params.get('range'), DATE_RANGES, 'all');
  const type = pick(params.get('type'), NOTE_TYPES, 'all');

  const from = useMemo(() => {
    const days = DATE_RANGES.find((option) => option.value === range)?.days ?? null;
    if (days === null) return undefined;
    // Whole minutes, so the query key stays the same across renders.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    return new Date(minute - days * 86_400_000).toISOString();
  }, [range]);

  function set(name: 'q' | 'range' | 'type', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === 'all') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  return {
    q,
    range,
    type,
    from,
    setQuery: (value: string) => set('q', value),
    setRange: (value: DateRange) => set('range', value),
    setType: (value: NoteType) => set('type', value),
  };
}
