// What goes with better and worse days (Bearable-style).
import {
  INSIGHT_MINIMUMS as MIN,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import { hedgesInterval, summaryOf } from '../statistics';
import type { InsightData } from './data';
import type { InsightDay } from './day-figures';
import { dayStart } from './days';
import type { DraftCard } from './evidence';
import {
  type InsightContext,
  EVIDENCE_ITEMS,
  addDays,
  say,
  signed,
  intervalText,
  notEnough,
  count,
  personOf,
  card,
  interval,
  capital,
  type InsightMethod,
} from './shared';

interface Day {
  day: string;
  score: number;
  factors: readonly string[];
}

/** Each day's score: its recorded moods when there are any, else how its words felt. */
export function daysOf(days: readonly InsightDay[]): Day[] {
  return days.map(({ day, figures }) => ({
    day,
    score:
      figures.mood.n > 0
        ? figures.mood.sum / figures.mood.n
        : figures.all.n > 0
          ? figures.all.sum / figures.all.n
          : 0,
    factors: figures.factors,
  }));
}

const MAX_FACTOR_CARDS = 4;
/** Day scores are −1..1; a spread below this is taken as this (no division by zero). */
const MIN_DAY_SD = 0.1;

/** The one card when no factor stands out: not enough days yet, or nothing clear in them. */
function noFactorCard(dayCount: number, context: InsightContext): DraftCard {
  const { you, your } = personOf(context);
  const base = {
    id: 'better_worse_days',
    kind: 'better_worse_days' as const,
    nUnit: 'days' as const,
    minimum: MIN.factorDays * 2,
    period: null,
    chart: null,
    evidence: { items: [], words: [] },
  };
  if (dayCount < MIN.factorDays * 2)
    return card(context, {
      ...base,
      ...notEnough(context.tone, {
        n: dayCount,
        minimum: MIN.factorDays * 2,
        nUnit: 'days',
        needs: `${MIN.factorDays * 2} days of entries, with a tag or theme on ${MIN.factorDays} of them and not on ${MIN.factorDays} others`,
        sofar: `${you} have ${count(dayCount, 'day', 'days')} so far`,
      }),
    });
  return card(context, {
    ...base,
    status: 'ok',
    n: dayCount,
    interval: null,
    claim: say(context.tone, {
      gentle: `Nothing stands out yet as going with ${your} better or worse days; that can take a while (${MIN.recommendedDays} days of entries help).`,
      neutral: `No tag or theme clearly goes with better or worse days yet (${dayCount} days; ${MIN.recommendedDays} recommended).`,
      direct: `No factor with a clear effect in ${dayCount} days.`,
    }),
  });
}

export function factorCards(data: InsightData, context: InsightContext): DraftCard[] {
  const days = daysOf(data.days);
  const base = {
    kind: 'better_worse_days' as const,
    nUnit: 'days' as const,
    minimum: MIN.factorDays * 2,
    period: null,
    chart: null,
  };
  // The days each factor is on (one pass); the days without it follow from the totals.
  const daysWith = new Map<string, Day[]>();
  for (const day of days)
    for (const factor of day.factors) {
      const list = daysWith.get(factor);
      if (list) list.push(day);
      else daysWith.set(factor, [day]);
    }
  const total = { sum: 0, squares: 0 };
  for (const day of days) {
    total.sum += day.score;
    total.squares += day.score * day.score;
  }
  const tested = [...daysWith]
    .filter(
      ([, withIt]) =>
        withIt.length >= MIN.factorDays && days.length - withIt.length >= MIN.factorDays,
    )
    .map(([factor, withIt]) => {
      const scores = withIt.map((d) => d.score);
      const n = days.length - withIt.length;
      const sum = total.sum - scores.reduce((a, b) => a + b, 0);
      const squares = total.squares - scores.reduce((a, b) => a + b * b, 0);
      const without = {
        n,
        mean: sum / n,
        variance: Math.max(0, (squares - (sum * sum) / n) / (n - 1)),
      };
      return {
        factor,
        withIt,
        withoutDays: n,
        d: hedgesInterval(summaryOf(scores), without, MIN_DAY_SD),
      };
    })
    // Only what the interval says is not nothing, strongest first.
    .filter((f) => f.d.low > 0 || f.d.high < 0)
    .sort(
      (a, b) =>
        Math.min(Math.abs(b.d.low), Math.abs(b.d.high)) -
        Math.min(Math.abs(a.d.low), Math.abs(a.d.high)),
    )
    .slice(0, MAX_FACTOR_CARDS);
  if (tested.length === 0) return [noFactorCard(days.length, context)];
  const { you } = personOf(context);
  return tested.map((f) => {
    const type = f.factor.slice(0, f.factor.indexOf(':'));
    const name = f.factor.slice(f.factor.indexOf(':') + 1);
    const label = type === 'tag' ? `days tagged "${name}"` : `days ${you} wrote about "${name}"`;
    const better = f.d.estimate > 0;
    const size =
      Math.abs(f.d.estimate) >= 0.8 ? 'large' : Math.abs(f.d.estimate) >= 0.5 ? 'medium' : 'small';
    const dText = `effect size ${signed(f.d.estimate)}, ${intervalText(f.d)}`;
    return card(context, {
      ...base,
      id: `better_worse_days:${context.subjectId(f.factor)}`,
      status: 'ok',
      n: f.withIt.length + f.withoutDays,
      interval: interval(f.d, 'effect size (Hedges g)'),
      claim: better
        ? say(context.tone, {
            gentle: `${capital(label)} tend to be better days (${f.withIt.length} days with it, ${f.withoutDays} without; ${dText}). It may be worth noticing.`,
            neutral: `${capital(label)} go with better days: a ${size} difference (${dText}; ${f.withIt.length} days with, ${f.withoutDays} without).`,
            direct: `${capital(label)}: better days, ${size} effect (${dText}).`,
          })
        : say(context.tone, {
            gentle: `${capital(label)} tend to be harder days (${f.withIt.length} days with it, ${f.withoutDays} without; ${dText}).${you === 'you' ? ' Go gently on those days.' : ''}`,
            neutral: `${capital(label)} go with worse days: a ${size} difference (${dText}; ${f.withIt.length} days with, ${f.withoutDays} without).`,
            direct: `${capital(label)}: worse days, ${size} effect (${dText}).`,
          }),
      evidence: {
        // The newest items of the newest days with it.
        items: [
          {
            ranges: f.withIt.slice(-EVIDENCE_ITEMS).map((d) => ({
              gte: dayStart(d.day, context.timezone),
              lt: dayStart(addDays(d.day, 1), context.timezone),
            })),
            order: 'newest',
            limit: EVIDENCE_ITEMS,
          },
        ],
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
