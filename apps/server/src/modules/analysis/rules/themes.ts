// Themes rising and fading.
import {
  INSIGHT_MINIMUMS as MIN,
  type InsightKind,
} from '@kaleido/shared/insights/insights.constants';
import type { InsightCard, InsightChart } from '@kaleido/shared/insights/insights.schemas';
import { shareSummary, welchInterval } from '../statistics';
import {
  type InsightItem,
  type InsightContext,
  DAY_MS,
  EVIDENCE_ITEMS,
  say,
  signed,
  list,
  notEnough,
  evidenceOf,
  card,
  interval,
  type InsightMethod,
} from './shared';

export const RECENT_DAYS = 14;
export const EARLIER_DAYS = 60;

export function themesOfItem(item: InsightItem): Set<string> {
  const themes = new Set<string>();
  for (const t of item.result.themes) if (t.kind !== 'entity') themes.add(t.text.toLowerCase());
  for (const tag of item.tags) themes.add(tag.toLowerCase());
  return themes;
}

export function themesCard(all: InsightItem[], context: InsightContext): InsightCard {
  const now = context.now.getTime();
  const recent = all.filter((i) => now - i.occurredAt.getTime() < RECENT_DAYS * DAY_MS);
  const earlier = all.filter((i) => {
    const age = now - i.occurredAt.getTime();
    return age >= RECENT_DAYS * DAY_MS && age < (RECENT_DAYS + EARLIER_DAYS) * DAY_MS;
  });
  const base = {
    id: 'themes',
    kind: 'themes' as const,
    nUnit: 'items' as const,
    minimum: MIN.items,
    period: null,
  };
  if (recent.length < MIN.items || earlier.length < MIN.items)
    return card(context, {
      ...base,
      status: 'not_enough_data',
      n: recent.length + earlier.length,
      interval: null,
      chart: null,
      claim: notEnough(
        context.tone,
        `at least ${MIN.items} items in the last ${RECENT_DAYS} days and ${MIN.items} in the ${EARLIER_DAYS} days before.`,
      ),
      evidence: { items: recent.slice(-EVIDENCE_ITEMS).reverse().map(evidenceOf), words: [] },
    });
  // Per theme, how many recent and earlier items mention it (one pass over the items).
  const mentions = new Map<string, { recent: number; earlier: number }>();
  const count = (items: InsightItem[], which: 'recent' | 'earlier') => {
    for (const item of items)
      for (const theme of themesOfItem(item)) {
        const counts = mentions.get(theme) ?? { recent: 0, earlier: 0 };
        counts[which] += 1;
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
        shareSummary(m.recent, recent.length),
        shareSummary(m.earlier, earlier.length),
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
      n: recent.length + earlier.length,
      interval: null,
      chart,
      claim: say(context.tone, {
        gentle: 'What you write about has stayed steady lately.',
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
    n: recent.length + earlier.length,
    interval: interval(lead.diff, `change in share of items mentioning "${lead.theme}"`),
    chart,
    claim: say(context.tone, {
      gentle: `Lately you have been writing ${parts.join(', and ')} than in the weeks before.`,
      neutral: `In the last ${RECENT_DAYS} days you wrote ${parts.join(' and ')} than in the ${EARLIER_DAYS} days before ("${lead.theme}": ${signed(lead.diff.estimate * 100, 0)} points, 95% interval ${signed(lead.diff.low * 100, 0)} to ${signed(lead.diff.high * 100, 0)}).`,
      direct: `Rising: ${list(risingWords) || 'none'}. Fading: ${list(fadingWords) || 'none'}.`,
    }),
    evidence: {
      items: recent
        .filter((i) => themesOfItem(i).has(lead.theme))
        .slice(-EVIDENCE_ITEMS)
        .reverse()
        .map(evidenceOf),
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
