import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RESEARCH_EPSILON,
  RESEARCH_K,
  RESEARCH_SENSITIVITY,
  RESEARCH_WEEK_BUDGET,
} from '@kaleido/shared/admin/research.schemas';
import {
  exactCounts,
  noisyRelease,
  twoSidedGeometric,
  weekOf,
  weeksBetween,
  type ExactCounts,
  type ResearchItem,
} from './research-anonymity';
import type { AppError } from '../../http/errors';
import { ledgeredRelease } from './research-ledger';
import type { ResearchRepository } from './research.repository';

const MOODS = ['happy', 'sad', 'neutral', 'angry', null] as const;
const EMOTIONS = ['joy', 'fear', 'anger', null] as const;
const SOURCES = ['journal', 'chat', 'voice_note'] as const;
const WEEKS = weeksBetween(new Date('2026-01-05T00:00:00Z'), new Date('2026-02-02T00:00:00Z'));

const itemArb = (people: number) =>
  fc.record({
    userId: fc.integer({ min: 0, max: people - 1 }).map((n) => `user-${n}`),
    occurredAt: fc
      .integer({ min: Date.UTC(2026, 0, 5), max: Date.UTC(2026, 1, 2) - 1 })
      .map((ms) => new Date(ms)),
    source: fc.constantFrom(...SOURCES),
    mood: fc.constantFrom(...MOODS),
    emotion: fc.constantFrom(...EMOTIONS),
  });
const datasetArb = fc
  .integer({ min: 1, max: 30 })
  .chain((people) => fc.array(itemArb(people), { maxLength: 200 }));

/** L1 distance between the exact counts of two data sets (what noise has to hide). */
function l1(a: ExactCounts, b: ExactCounts): number {
  let sum = Math.abs(a.people - b.people);
  for (const key of ['mood', 'emotion', 'activity'] as const)
    for (const [cell, n] of a[key]) sum += Math.abs(n - (b[key].get(cell) ?? 0));
  return sum;
}

/** A deterministic uniform generator for the mechanism (mulberry32). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The ledger's table, in memory; `clock.now` stamps the rows. */
function memoryRepository(clock = { now: 0 }) {
  const rows: {
    id: string;
    fromWeek: string;
    toWeek: string;
    cohort: string;
    epsilon: number;
    createdAt: number;
    result: Record<string, unknown> | null;
  }[] = [];
  let next = 0;
  const repository = {
    sameRelease: (key: { fromWeek: string; toWeek: string; cohort: string }, since: Date) =>
      rows
        .filter(
          (r) =>
            r.fromWeek === key.fromWeek &&
            r.toWeek === key.toWeek &&
            r.cohort === key.cohort &&
            r.createdAt >= since.getTime() &&
            r.result,
        )
        .at(-1) ?? null,
    claim: (row: Omit<(typeof rows)[number], 'id' | 'result' | 'createdAt'>) => {
      next += 1;
      const id = String(next);
      rows.push({ ...row, id, createdAt: clock.now, result: null });
      return id;
    },
    withdraw: (id: string) => {
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1,
      );
    },
    complete: (id: string, result: Record<string, unknown>) => {
      const row = rows.find((r) => r.id === id);
      if (row) row.result = result;
    },
    overlapping: (from: string, to: string) =>
      rows.filter((r) => r.fromWeek < to && r.toWeek > from),
  };
  return { rows, repository: repository as unknown as ResearchRepository };
}

describe('research privacy', () => {
  it('coarsens a timestamp to the Monday of its week (UTC) and lists whole weeks', () => {
    expect(weekOf(new Date('2026-03-04T23:59:00Z'))).toBe('2026-03-02');
    expect(weekOf(new Date('2026-03-08T12:00:00Z'))).toBe('2026-03-02');
    expect(WEEKS).toEqual(['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
  });

  it('one person changes a release by at most the stated sensitivity, however many items they add (property)', () => {
    fc.assert(
      fc.property(
        datasetArb,
        fc.integer({ min: 0, max: 29 }),
        fc.array(itemArb(1), { maxLength: 40 }),
        (items: ResearchItem[], who, extra) => {
          const target = `user-${who}`;
          const without = items.filter((i) => i.userId !== target);
          // The target as they are, and the target with arbitrarily many more entries (N4's two
          // "angry" entries, or a hundred): neither moves the counts by more than Δ.
          const mine = extra.map((i) => ({ ...i, userId: target }));
          const base = exactCounts(without, WEEKS);
          expect(l1(exactCounts(items, WEEKS), base)).toBeLessThanOrEqual(RESEARCH_SENSITIVITY);
          expect(l1(exactCounts([...items, ...mine], WEEKS), base)).toBeLessThanOrEqual(
            RESEARCH_SENSITIVITY,
          );
          // A fixed domain: the same cells exist with or without anyone.
          expect([...exactCounts(items, WEEKS).activity.keys()]).toEqual([...base.activity.keys()]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('draws two-sided geometric noise with the stated shape', () => {
    const random = seeded(7);
    const alpha = Math.exp(-RESEARCH_EPSILON / RESEARCH_SENSITIVITY);
    const draws = Array.from({ length: 40_000 }, () => twoSidedGeometric(alpha, random));
    const share = (z: number) => draws.filter((d) => d === z).length / draws.length;
    // P(0) = (1 − α)/(1 + α); P(1)/P(0) = α.
    expect(share(0)).toBeCloseTo((1 - alpha) / (1 + alpha), 2);
    expect(share(1) / share(0)).toBeCloseTo(alpha, 1);
    expect(Math.abs(draws.reduce((s, d) => s + d, 0) / draws.length)).toBeLessThan(0.3);
  });

  it('releases only cells at or above k, people only from the fixed domain', () => {
    const items: ResearchItem[] = Array.from({ length: 40 }, (_, n) => ({
      userId: `user-${n}`,
      occurredAt: new Date('2026-01-06T10:00:00Z'),
      source: 'journal',
      mood: 'happy',
      emotion: 'joy',
    }));
    const release = noisyRelease(
      exactCounts(items, WEEKS),
      RESEARCH_K,
      RESEARCH_EPSILON,
      seeded(1),
    );
    for (const cell of [...release.mood, ...release.emotion, ...release.activity])
      expect(cell.people).toBeGreaterThanOrEqual(RESEARCH_K);
    expect(release.mood.map((c) => c.value)).toContain('happy');
    expect(JSON.stringify(release)).not.toContain('user-');
  });

  it('an adversary with the admin powers never gets more than the week budget on anyone (property)', async () => {
    // The admin's powers, per step: move people between cohorts (any subset), make sybils with
    // known data, pick any window (days widen to weeks), repeat or vary a query. The target's
    // privacy loss over everything the admin sees is at most Σ (L1 of the target's effect on a
    // fresh release / Δ) · ε — the likelihood ratio of "target's data" against "no target" of
    // the adversary's whole view. The ledger must keep it within the week budget.
    const stepArb = fc.record({
      cohort: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      targetIn: fc.boolean(),
      sybils: fc.integer({ min: 0, max: 4 }),
      fromWeek: fc.integer({ min: 0, max: 3 }),
      weeks: fc.integer({ min: 1, max: 4 }),
      // Time passes: a new calendar week, so earlier releases are no longer served again.
      nextWeek: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb(12), { maxLength: 80 }),
        fc.array(stepArb, { minLength: 1, maxLength: 25 }),
        fc.integer(),
        async (items, steps, seed) => {
          const clock = { now: 0 };
          const { repository } = memoryRepository(clock);
          const random = seeded(seed);
          const target = 'user-0';
          // The target's own entries, all in the second week: two "angry" ones as in N4.
          const targetItems: ResearchItem[] = [0, 1].map((h) => ({
            userId: target,
            occurredAt: new Date(Date.UTC(2026, 0, 13, h)),
            source: 'journal',
            mood: 'angry',
            emotion: 'anger',
          }));
          const others = items.filter((i) => i.userId !== target);
          let loss = 0;
          let refused = 0;
          let freshOnTargetWeek = 0;
          let served = 0;
          for (const step of steps) {
            if (step.nextWeek) clock.now += 1;
            const members = new Set(
              step.cohort.flatMap((inIt, n) => (inIt && n > 0 ? [`user-${n}`] : [])),
            );
            const sybils: ResearchItem[] = Array.from({ length: step.sybils }, (_, n) => ({
              userId: `sybil-${n}`,
              occurredAt: new Date(Date.UTC(2026, 0, 14)),
              source: 'journal',
              mood: 'angry',
              emotion: 'anger',
            }));
            const weeks = WEEKS.slice(step.fromWeek, step.fromWeek + step.weeks);
            const fromWeek = weeks[0] ?? '';
            const toWeek = new Date(Date.parse(`${weeks.at(-1)}T00:00:00Z`) + 7 * 86_400_000)
              .toISOString()
              .slice(0, 10);
            const inWindow = (i: ResearchItem) => weeks.includes(weekOf(i.occurredAt));
            const withoutTarget = [
              ...others.filter((i) => members.has(i.userId)),
              ...sybils,
            ].filter(inWindow);
            const withTarget = [...withoutTarget, ...(step.targetIn ? targetItems : [])].filter(
              inWindow,
            );
            try {
              const out = await ledgeredRelease({
                repository,
                random,
                actorId: 'admin',
                reuseSince: new Date(clock.now),
                cohort: 'research',
                weeks,
                fromWeek,
                toWeek,
                items: withTarget,
                onRefused: async () => {},
              });
              served += 1;
              if (!out.privacy.reused && weeks.includes('2026-01-12')) freshOnTargetWeek += 1;
              if (!out.privacy.reused)
                loss +=
                  (l1(exactCounts(withTarget, weeks), exactCounts(withoutTarget, weeks)) /
                    RESEARCH_SENSITIVITY) *
                  RESEARCH_EPSILON;
            } catch (error) {
              expect((error as AppError).options.code).toBe('RESEARCH_BUDGET_SPENT');
              refused += 1;
            }
          }
          expect(loss).toBeLessThanOrEqual(RESEARCH_WEEK_BUDGET + 1e-9);
          // At most budget/ε fresh releases ever cover the target's week; the rest were refused
          // or served again.
          expect(freshOnTargetWeek).toBeLessThanOrEqual(RESEARCH_WEEK_BUDGET / RESEARCH_EPSILON);
          expect(refused + served).toBe(steps.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('serves the same answer again within the calendar week, whatever the data does, so repeating a query cannot average the noise away', async () => {
    const { repository, rows } = memoryRepository();
    const items: ResearchItem[] = Array.from({ length: 30 }, (_, n) => ({
      userId: `user-${n}`,
      occurredAt: new Date('2026-01-06T10:00:00Z'),
      source: 'chat',
      mood: 'sad',
      emotion: 'fear',
    }));
    const ask = (data: ResearchItem[]) =>
      ledgeredRelease({
        repository,
        actorId: 'admin',
        reuseSince: new Date(0),
        cohort: 'all',
        weeks: WEEKS,
        fromWeek: '2026-01-05',
        toWeek: '2026-02-02',
        items: data,
        onRefused: async () => {},
      });
    const first = await ask(items);
    // People leave one by one: the answer does not move, so it cannot tell anyone they left.
    for (let n = 1; n <= 20; n++) {
      const again = await ask(items.slice(n));
      expect(again.release).toEqual(first.release);
      expect(again.privacy.reused).toBe(true);
    }
    expect(rows).toHaveLength(1);
  });
});
