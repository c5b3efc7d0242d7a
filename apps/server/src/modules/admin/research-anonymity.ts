import { createHmac } from 'node:crypto';
import type {
  ResearchActivityCell,
  ResearchCell,
  ResearchRecord,
} from '@kaleido/shared/admin/admin.schemas';

/** One analysed item of a consenting person, as the repository reads it (no text). */
export interface ResearchItem {
  userId: string;
  occurredAt: Date;
  source: string;
  mood: string | null;
  emotion: string | null;
}

/** The columns of a released record that could single someone out together. */
export const QUASI_IDENTIFIERS = ['week', 'source', 'mood', 'emotion'] as const;

/** Timestamps coarsened to the Monday (UTC) of their week. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/**
 * A stable pseudonym per dataset: HMAC-SHA256 under a key derived from the instance secret and
 * the dataset tag. The same person has the same pid in every export of one dataset, and pids of
 * two datasets cannot be linked without the secret.
 */
export function pseudonymiser(secret: string, datasetTag: string) {
  const key = createHmac('sha256', secret).update(`research-dataset:${datasetTag}`).digest();
  return (userId: string) => createHmac('sha256', key).update(userId).digest('hex').slice(0, 24);
}

interface Group {
  items: number;
  people: Set<string>;
}

function grouped<T>(items: ResearchItem[], keyOf: (item: ResearchItem) => T | null) {
  const groups = new Map<string, { key: T; group: Group }>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const id = JSON.stringify(key);
    let entry = groups.get(id);
    if (!entry) {
      entry = { key, group: { items: 0, people: new Set() } };
      groups.set(id, entry);
    }
    entry.group.items += 1;
    entry.group.people.add(item.userId);
  }
  return [...groups.values()];
}

/**
 * The aggregates of §9 with k-anonymity: a cell is released only when at least k distinct people
 * are in it; the others are counted in `suppressedCells` (their figures are not given, nor a
 * total they could be worked out from).
 */
export function aggregate(items: ResearchItem[], k: number) {
  let suppressedCells = 0;
  const keep = <C>(cells: { group: Group; cell: C }[]): C[] => {
    const released: C[] = [];
    for (const { group, cell } of cells)
      if (group.people.size >= k) released.push(cell);
      else suppressedCells += 1;
    return released;
  };
  const categorical = (pick: (item: ResearchItem) => string | null): ResearchCell[] =>
    keep(
      grouped(items, pick).map(({ key, group }) => ({
        group,
        cell: { value: key, items: group.items, people: group.people.size },
      })),
    ).sort((a, b) => b.people - a.people || a.value.localeCompare(b.value));
  const mood = categorical((i) => i.mood);
  const emotion = categorical((i) => i.emotion);
  const activity: ResearchActivityCell[] = keep(
    grouped(items, (i) => [weekOf(i.occurredAt), i.source] as const).map(({ key, group }) => ({
      group,
      cell: { week: key[0], source: key[1], items: group.items, people: group.people.size },
    })),
  ).sort((a, b) => a.week.localeCompare(b.week) || a.source.localeCompare(b.source));
  const everyone = new Set(items.map((i) => i.userId)).size;
  return {
    people: everyone >= k ? everyone : null,
    mood,
    emotion,
    activity,
    suppressedCells,
  };
}

/**
 * Records for export: a pseudonym and the quasi-identifiers only. Each record's combination of
 * quasi-identifiers is shared by at least k distinct people, or the record is suppressed.
 */
export function releasedRecords(
  items: ResearchItem[],
  pidOf: (userId: string) => string,
  k: number,
): { records: ResearchRecord[]; suppressed: number } {
  const rows = items.map((i) => ({
    userId: i.userId,
    week: weekOf(i.occurredAt),
    source: i.source,
    mood: i.mood,
    emotion: i.emotion,
  }));
  const keyOf = (r: (typeof rows)[number]) => JSON.stringify([r.week, r.source, r.mood, r.emotion]);
  const people = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = keyOf(r);
    const set = people.get(key) ?? new Set<string>();
    set.add(r.userId);
    people.set(key, set);
  }
  const records: ResearchRecord[] = [];
  let suppressed = 0;
  for (const r of rows) {
    if ((people.get(keyOf(r))?.size ?? 0) < k) {
      suppressed += 1;
      continue;
    }
    records.push({
      pid: pidOf(r.userId),
      week: r.week,
      source: r.source,
      mood: r.mood,
      emotion: r.emotion,
    });
  }
  records.sort(
    (a, b) =>
      a.week.localeCompare(b.week) ||
      a.source.localeCompare(b.source) ||
      a.pid.localeCompare(b.pid),
  );
  return { records, suppressed };
}
