import { type ResearchPrivacy } from '@kaleido/shared/admin/research.schemas';
import {
  RESEARCH_EPSILON,
  RESEARCH_K,
  RESEARCH_NOISE,
  RESEARCH_SENSITIVITY,
  RESEARCH_WEEK_BUDGET,
  researchBudgetSpentMessage,
} from '@kaleido/shared/admin/research.schemas';
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
 * One release through the ledger. The same weeks and cohort as a release made this calendar
 * week → that release again (no new information, no cost). Otherwise claim ε on every week of
 * the range, refuse (409 RESEARCH_BUDGET_SPENT, naming the weeks) if any week would exceed its
 * budget, and compute a fresh noisy release.
 *
 * Whether a release is served again depends only on the question and the calendar, never on
 * the data: were it "unless the data changed", a cohort of one person would tell the admin
 * whether that person withdrew consent or edited an old entry (fresh or reused, budget spent or
 * not) — a bit the noise does not cover. The price: a withdrawal or deletion reaches a release
 * already made this week from the next Monday on.
 */
export async function ledgeredRelease(deps: {
  repository: ResearchRepository;
  random?: () => number;
  actorId: string;
  /** Releases made since then (the Monday of the current week) are served again. */
  reuseSince: Date;
  cohort: string;
  weeks: string[];
  fromWeek: string;
  toWeek: string;
  items: ResearchItem[];
  onRefused: (weeks: string[]) => Promise<void>;
}): Promise<LedgeredRelease> {
  const key = { fromWeek: deps.fromWeek, toWeek: deps.toWeek, cohort: deps.cohort };
  const privacyOf = async (reused: boolean): Promise<ResearchPrivacy> => ({
    mechanism: RESEARCH_NOISE,
    epsilon: RESEARCH_EPSILON,
    sensitivity: RESEARCH_SENSITIVITY,
    weekBudget: RESEARCH_WEEK_BUDGET,
    reused,
    spent: spentPerWeek(deps.weeks, await deps.repository.overlapping(key.fromWeek, key.toWeek)),
  });
  const earlier = await deps.repository.sameRelease(key, deps.reuseSince);
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
