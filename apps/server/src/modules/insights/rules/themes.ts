// Themes rising and fading.
import {
  INSIGHT_MINIMUMS as MIN,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightChart } from '@kaleido/shared/insights/insight-cards.schemas';
import { shareSummary, welchInterval } from '../statistics';
import type { InsightData } from './data';
import type { DayFigures } from './day-figures';
import type { DraftCard } from './evidence';
import {
  type InsightContext,
  DAY_MS,
  EVIDENCE_ITEMS,
  say,
  signed,
  list,
  notEnough,
  amount,
  personOf,
  card,
  interval,
  type InsightMethod,
} from './shared';

export const RECENT_DAYS = 14;
export const EARLIER_DAYS = 60;

export function themesCard(data: InsightData, context: InsightContext): DraftCard {
  const recentWindow = [null, RECENT_DAYS * DAY_MS] as const;
  const earlierWindow = [RECENT_DAYS * DAY_MS, (RECENT_DAYS + EARLIER_DAYS) * DAY_MS] as const;
  const recent = data.byAge(...recentWindow);
  const earlier = data.byAge(...earlierWindow);
  const recentRange = data.ageRange(...recentWindow);
  const base = {
    id: 'themes',
    kind: 'themes' as const,
    nUnit: 'items' as const,
    minimum: MIN.items,
    period: null,
  };
  const { you } = personOf(context);
  if (recent.items < MIN.items || earlier.items < MIN.items)
    return card(context, {
      ...base,
      ...notEnough(
        context.tone,
        recent.items < MIN.items
          ? {
              n: recent.items,
              minimum: MIN.items,
              nUnit: 'items',
              needs: `${MIN.items} items in the last ${RECENT_DAYS} days`,
              sofar: `${you} have ${amount(recent.items)} so far`,
            }
          : {
              n: earlier.items,
              minimum: MIN.items,
              nUnit: 'items',
              needs: `${MIN.items} items in the ${EARLIER_DAYS} days before those ${RECENT_DAYS} to compare with`,
              sofar: `${you} have ${amount(earlier.items)} from then`,
            },
      ),
      chart: null,
      evidence: {
        items: [{ ranges: [recentRange], order: 'newest', limit: EVIDENCE_ITEMS }],
        words: [],
      },
    });
  // Per theme, how many recent and earlier items mention it.
  const mentions = new Map<string, { recent: number; earlier: number }>();
  const count = (figures: DayFigures, which: 'recent' | 'earlier') => {
    for (const [theme, n] of figures.mentions) {
      const counts = mentions.get(theme) ?? { recent: 0, earlier: 0 };
      counts[which] += n;
      mentions.set(theme, counts);
    }
  };
  count(recent, 'recent');
  count(earlier, 'earlier');
  const changes = [...mentions]
    .map(([theme, m]) => ({
      theme,
      mentions: m.recent + m.earlier,
      diff: welchInterval(
        shareSummary(m.recent, recent.items),
        shareSummary(m.earlier, earlier.items),
      ),
    }))
    .filter((c) => c.mentions >= 3)
    .sort((a, b) => Math.abs(b.diff.estimate) - Math.abs(a.diff.estimate));
  const rising = changes.filter((c) => c.diff.estimate > 0).slice(0, 3);
  const fading = changes.filter((c) => c.diff.estimate < 0).slice(0, 3);
  const lead = rising[0] ?? fading[0];
  const chart: InsightChart = {
    type: 'bars',
    unit: 'change in share of items mentioning it',
    bars: [...rising, ...fading].map((c) => ({
      x: c.theme,
      y: c.diff.estimate,
      n: c.mentions,
      low: c.diff.low,
      high: c.diff.high,
    })),
    summary: [...rising, ...fading]
      .map((c) => `${c.theme} ${signed(c.diff.estimate * 100, 0)} points`)
      .join('; '),
  };
  if (!lead)
    return card(context, {
      ...base,
      status: 'ok',
      n: recent.items + earlier.items,
      interval: null,
      chart,
      claim: say(context.tone, {
        gentle: `What ${you} write about has stayed steady lately.`,
        neutral: 'No theme has clearly risen or faded in the last two weeks.',
        direct: 'No rising or fading themes.',
      }),
      evidence: { items: [], words: [] },
    });
  const risingWords = rising.map((c) => c.theme);
  const fadingWords = fading.map((c) => c.theme);
  const parts = [
    risingWords.length ? `more about ${list(risingWords)}` : '',
    fadingWords.length ? `less about ${list(fadingWords)}` : '',
  ].filter(Boolean);
  return card(context, {
    ...base,
    status: 'ok',
    n: recent.items + earlier.items,
    interval: interval(lead.diff, `change in share of items mentioning "${lead.theme}"`),
    chart,
    claim: say(context.tone, {
      gentle: `Lately ${you} have been writing ${parts.join(', and ')} than in the weeks before.`,
      neutral: `In the last ${RECENT_DAYS} days ${you} wrote ${parts.join(' and ')} than in the ${EARLIER_DAYS} days before ("${lead.theme}": ${signed(lead.diff.estimate * 100, 0)} points, 95% interval ${signed(lead.diff.low * 100, 0)} to ${signed(lead.diff.high * 100, 0)}).`,
      direct: `Rising: ${list(risingWords) || 'none'}. Fading: ${list(fadingWords) || 'none'}.`,
    }),
    evidence: {
      items: [{ ranges: [recentRange], theme: lead.theme, order: 'newest', limit: EVIDENCE_ITEMS }],
      words: [...risingWords, ...fadingWords],
    },
  });
}

/** How these cards are worked out, and what they cannot say (the detail pages show these). */
export const THEMES_METHODS = {
  themes: {
    method: `Themes are lemmas, noun phrases (wink-nlp) and your tags. A theme rises or fades when the share of items mentioning it in the last ${RECENT_DAYS} days differs from the ${EARLIER_DAYS} days before (95% interval on the difference). A theme needs 3 mentions.`,
    caveats: ['Writing less overall can make themes look like they fade.'],
  },
} satisfies Partial<Record<InsightKind, InsightMethod>>;
