import { createHmac } from 'node:crypto';
import {
  RESEARCH_EPSILON,
  RESEARCH_K,
  RESEARCH_NOISE,
  RESEARCH_SENSITIVITY,
  RESEARCH_WEEK_BUDGET,
  researchBudgetSpentMessage,
  type ResearchPrivacy,
} from '@kaleido/shared/admin/admin.schemas';
import { conflict } from '../../http/errors';
import {
  exactCounts,
  noisyRelease,
  type NoisyRelease,
  type ResearchItem,
} from './research-anonymity';
import type { ResearchRepository } from './research.repository';

/** Floating-point slack when adding up ε (0.1 + 0.2 ≠ 0.3). */
const SLACK = 1e-9;

/**
 * A keyed fingerprint of a release's input: every item (who, week-exact time, categories). Equal
 * fingerprints mean the same data, so the earlier noisy answer can be served again for free; any
 * change — a new entry, a withdrawal, a deletion, a cohort move — makes a fresh release, which
 * spends budget. Keyed with the instance secret so the stored value cannot be tested against
 * guesses of the data.
 */
export function fingerprintOf(secret: string, items: ResearchItem[]): string {
  const lines = items
    .map(
      (i) => `${i.userId}|${i.occurredAt.getTime()}|${i.source}|${i.mood ?? ''}|${i.emotion ?? ''}`,
    )
    .sort();
  const mac = createHmac('sha256', secret).update('research-fingerprint');
  mac.update(lines.join('\n'));
  return mac.digest('hex');
}

/** ε spent on each week of the range by the given releases. */
export function spentPerWeek(
  weeks: string[],
  releases: { fromWeek: string; toWeek: string; epsilon: number }[],
): { week: string; epsilon: number }[] {
  return weeks.map((week) => ({
    week,
    epsilon: releases
      .filter((r) => r.fromWeek <= week && week < r.toWeek)
      .reduce((sum, r) => sum + r.epsilon, 0),
  }));
}

export interface LedgeredRelease {
  release: NoisyRelease;
  privacy: ResearchPrivacy;
}

/**
 * One release through the ledger: the same weeks, cohort and data as a finished release → that
 * release again (no new information, no cost); otherwise claim ε on every week of the range,
 * refuse (409 RESEARCH_BUDGET_SPENT, naming the weeks) if any week would exceed its budget, and
 * compute a fresh noisy release.
 */
export async function ledgeredRelease(deps: {
  repository: ResearchRepository;
  secret: string;
  random?: () => number;
  actorId: string;
  cohort: string;
  weeks: string[];
  fromWeek: string;
  toWeek: string;
  items: ResearchItem[];
  onRefused: (weeks: string[]) => Promise<void>;
}): Promise<LedgeredRelease> {
  const key = {
    fromWeek: deps.fromWeek,
    toWeek: deps.toWeek,
    cohort: deps.cohort,
    fingerprint: fingerprintOf(deps.secret, deps.items),
  };
  const privacyOf = async (reused: boolean): Promise<ResearchPrivacy> => ({
    mechanism: RESEARCH_NOISE,
    epsilon: RESEARCH_EPSILON,
    sensitivity: RESEARCH_SENSITIVITY,
    weekBudget: RESEARCH_WEEK_BUDGET,
    reused,
    spent: spentPerWeek(deps.weeks, await deps.repository.overlapping(key.fromWeek, key.toWeek)),
  });
  const earlier = await deps.repository.sameRelease(key);
  if (earlier?.result)
    return { release: earlier.result as unknown as NoisyRelease, privacy: await privacyOf(true) };

  const id = await deps.repository.claim({
    ...key,
    actorId: deps.actorId,
    epsilon: RESEARCH_EPSILON,
  });
  const spent = spentPerWeek(
    deps.weeks,
    await deps.repository.overlapping(key.fromWeek, key.toWeek),
  );
  const over = spent.filter((s) => s.epsilon > RESEARCH_WEEK_BUDGET + SLACK).map((s) => s.week);
  if (over.length > 0) {
    await deps.repository.withdraw(id);
    await deps.onRefused(over);
    throw conflict(researchBudgetSpentMessage(over), 'RESEARCH_BUDGET_SPENT');
  }
  const release = noisyRelease(
    exactCounts(deps.items, deps.weeks),
    RESEARCH_K,
    RESEARCH_EPSILON,
    deps.random,
  );
  await deps.repository.complete(id, release as unknown as Record<string, unknown>);
  return { release, privacy: { ...(await privacyOf(false)), spent } };
}
