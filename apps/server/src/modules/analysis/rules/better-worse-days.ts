// What goes with better and worse days (Bearable-style).
import {
  INSIGHT_MINIMUMS as MIN,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insights.schemas';
import { differenceInterval, effectSize, mean } from '../statistics';
import {
  type InsightItem,
  type InsightContext,
  MOOD_SCORE,
  EVIDENCE_ITEMS,
  dayOfItem,
  say,
  signed,
  intervalText,
  notEnough,
  evidenceOf,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';

interface Day {
  day: string;
  score: number;
  items: InsightItem[];
  factors: Set<string>;
}

/** Each day's score: its recorded moods when there are any, else how its words felt. */
export function daysOf(items: InsightItem[], timezone: string): Day[] {
  const byDay = new Map<string, InsightItem[]>();
  for (const item of items) {
    const day = dayOfItem(item, timezone);
    const list = byDay.get(day);
    if (list) list.push(item);
    else byDay.set(day, [item]);
  }
  return [...byDay.entries()].map(([day, dayItems]) => {
    const moods = dayItems.flatMap((i) =>
      i.sourceKind === 'journal' && i.mood ? [MOOD_SCORE[i.mood]] : [],
    );
    const factors = new Set<string>();
    for (const item of dayItems) {
      for (const tag of item.tags) factors.add(`tag:${tag.toLowerCase()}`);
      for (const theme of item.result.themes)
        if (theme.kind !== 'entity') factors.add(`theme:${theme.text.toLowerCase()}`);
    }
    return {
      day,
      score: moods.length > 0 ? mean(moods) : mean(dayItems.map((i) => i.valence)),
      items: dayItems,
      factors,
    };
  });
}

const MAX_FACTOR_CARDS = 4;
/** Day scores are −1..1; a spread below this is taken as this (no division by zero). */
const MIN_DAY_SD = 0.1;

export function factorCards(all: InsightItem[], context: InsightContext): InsightCard[] {
  const days = daysOf(all, context.timezone);
  const base = {
    kind: 'better_worse_days' as const,
    nUnit: 'days' as const,
    minimum: MIN.factorDays * 2,
    period: null,
    chart: null,
  };
  const factors = new Set(days.flatMap((d) => [...d.factors]));
  const tested = [...factors]
    .map((factor) => {
      const withIt = days.filter((d) => d.factors.has(factor));
      const without = days.filter((d) => !d.factors.has(factor));
      return { factor, withIt, without };
    })
    .filter((f) => f.withIt.length >= MIN.factorDays && f.without.length >= MIN.factorDays)
    .map((f) => ({
      ...f,
      d: effectSize(
        f.withIt.map((d) => d.score),
        f.without.map((d) => d.score),
        MIN_DAY_SD,
      ),
      diff: differenceInterval(
        f.withIt.map((d) => d.score),
        f.without.map((d) => d.score),
      ),
    }))
    // Only what the interval says is not nothing, strongest first.
    .filter((f) => f.d.low > 0 || f.d.high < 0)
    .sort(
      (a, b) =>
        Math.min(Math.abs(b.d.low), Math.abs(b.d.high)) -
        Math.min(Math.abs(a.d.low), Math.abs(a.d.high)),
    )
    .slice(0, MAX_FACTOR_CARDS);
  if (tested.length === 0) {
    const enough = days.length >= MIN.factorDays * 2;
    return [
      card(context, {
        ...base,
        id: 'better_worse_days',
        status: enough ? 'ok' : 'not_enough_data',
        n: days.length,
        interval: null,
        claim: enough
          ? say(context.tone, {
              gentle: `Nothing stands out yet as going with your better or worse days — that can take a while (${MIN.recommendedDays} days of entries help).`,
              neutral: `No tag or theme clearly goes with better or worse days yet (${days.length} days; ${MIN.recommendedDays} recommended).`,
              direct: `No factor with a clear effect in ${days.length} days.`,
            })
          : notEnough(
              context.tone,
              `a tag or theme on at least ${MIN.factorDays} days and absent on ${MIN.factorDays} others (${MIN.recommendedDays} days recommended).`,
            ),
        evidence: { items: [], words: [] },
      }),
    ];
  }
  return tested.map((f) => {
    const type = f.factor.slice(0, f.factor.indexOf(':'));
    const name = f.factor.slice(f.factor.indexOf(':') + 1);
    const label = type === 'tag' ? `days tagged "${name}"` : `days you wrote about "${name}"`;
    const better = f.d.estimate > 0;
    const size =
      Math.abs(f.d.estimate) >= 0.8 ? 'large' : Math.abs(f.d.estimate) >= 0.5 ? 'medium' : 'small';
    const dText = `effect size ${signed(f.d.estimate)}, ${intervalText(f.d)}`;
    return card(context, {
      ...base,
      id: `better_worse_days:${f.factor}`,
      status: 'ok',
      n: f.withIt.length + f.without.length,
      interval: interval(f.d, 'effect size (Hedges g)'),
      claim: better
        ? say(context.tone, {
            gentle: `Your ${label} tend to be better days (${f.withIt.length} days with it, ${f.without.length} without; ${dText}). It may be worth noticing.`,
            neutral: `${capital(label)} go with better days: a ${size} difference (${dText}; ${f.withIt.length} days with, ${f.without.length} without).`,
            direct: `${capital(label)}: better days, ${size} effect (${dText}).`,
          })
        : say(context.tone, {
            gentle: `Your ${label} tend to be harder days (${f.withIt.length} days with it, ${f.without.length} without; ${dText}). Go gently on those days.`,
            neutral: `${capital(label)} go with worse days: a ${size} difference (${dText}; ${f.withIt.length} days with, ${f.without.length} without).`,
            direct: `${capital(label)}: worse days, ${size} effect (${dText}).`,
          }),
      evidence: {
        items: f.withIt
          .flatMap((d) => d.items)
          .slice(-EVIDENCE_ITEMS)
          .reverse()
          .map(evidenceOf),
        words: [name],
      },
    });
  });
}

/** How these cards are worked out, and what they cannot say (the detail pages show these). */
export const BETTER_WORSE_DAYS_METHODS = {
  better_worse_days: {
    method: `A day's score is the mean of the moods you recorded that day (or, without one, how its words felt). For each tag and theme present on at least ${MIN.factorDays} days and absent on ${MIN.factorDays}, the days with it are compared with the days without: Hedges' g with its 95% interval; only effects whose interval excludes zero are shown.`,
    caveats: [
      'Going together is not causing: a tag may come with better days for other reasons.',
      `With under ${MIN.recommendedDays} days of data, effects are rough; many factors are tested, so some will be chance.`,
    ],
  },
} satisfies Partial<Record<InsightKind, InsightMethod>>;
