import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUASI_IDENTIFIERS,
  aggregate,
  pseudonymiser,
  releasedRecords,
  weekOf,
  type ResearchItem,
} from './research-anonymity';

const K = 5;
const MOODS = ['happy', 'sad', 'neutral', null] as const;
const EMOTIONS = ['joy', 'fear', null] as const;
const SOURCES = ['journal', 'chat', 'voice_note'] as const;

const itemArb = (people: number) =>
  fc.record({
    userId: fc.integer({ min: 0, max: people - 1 }).map((n) => `user-${n}`),
    occurredAt: fc
      .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 2, 31) })
      .map((ms) => new Date(ms)),
    source: fc.constantFrom(...SOURCES),
    mood: fc.constantFrom(...MOODS),
    emotion: fc.constantFrom(...EMOTIONS),
  });

const datasetArb = fc
  .integer({ min: 1, max: 40 })
  .chain((people) => fc.array(itemArb(people), { maxLength: 300 }));

describe('research anonymity', () => {
  it('coarsens a timestamp to the Monday of its week (UTC)', () => {
    expect(weekOf(new Date('2026-03-04T23:59:00Z'))).toBe('2026-03-02');
    expect(weekOf(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    expect(weekOf(new Date('2026-03-08T12:00:00Z'))).toBe('2026-03-02');
  });

  it('gives stable pseudonyms per dataset that differ between datasets', () => {
    const a = pseudonymiser('secret', 'study-a');
    const b = pseudonymiser('secret', 'study-b');
    expect(a('user-1')).toBe(pseudonymiser('secret', 'study-a')('user-1'));
    expect(a('user-1')).not.toBe(a('user-2'));
    expect(a('user-1')).not.toBe(b('user-1'));
    expect(a('user-1')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('releases only cells and quasi-identifier groups of at least k people (property)', () => {
    fc.assert(
      fc.property(datasetArb, (items: ResearchItem[]) => {
        const pid = pseudonymiser('secret', 'prop');
        const agg = aggregate(items, K);
        for (const cell of [...agg.mood, ...agg.emotion, ...agg.activity]) {
          expect(cell.people).toBeGreaterThanOrEqual(K);
          expect(cell.items).toBeGreaterThanOrEqual(cell.people);
        }
        const everyone = new Set(items.map((i) => i.userId)).size;
        expect(agg.people).toBe(everyone >= K ? everyone : null);

        const { records, suppressed } = releasedRecords(items, pid, K);
        expect(records.length + suppressed).toBe(items.length);
        const groups = new Map<string, Set<string>>();
        for (const r of records) {
          const key = JSON.stringify(QUASI_IDENTIFIERS.map((q) => r[q]));
          const set = groups.get(key) ?? new Set();
          set.add(r.pid);
          groups.set(key, set);
          // Only the pseudonym and coarse categories: no user id, no exact time.
          expect(Object.keys(r).sort()).toEqual(['emotion', 'mood', 'pid', 'source', 'week']);
          expect(r.week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(JSON.stringify(r)).not.toContain('user-');
        }
        for (const people of groups.values()) expect(people.size).toBeGreaterThanOrEqual(K);
      }),
      { numRuns: 300 },
    );
  });
});
