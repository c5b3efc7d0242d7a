import type { InsightCard, Interval } from '@kaleido/shared/insights/insight-cards.schemas';

const round = (n: number) => String(Math.round(n * 100) / 100);

/** 'Based on 12 entries (at least 5 needed)'. */
export function basisText(card: Pick<InsightCard, 'n' | 'nUnit' | 'minimum'>): string {
  const unit = card.n === 1 ? card.nUnit.replace(/s$/, '') : card.nUnit;
  return `Based on ${card.n} ${unit} (at least ${card.minimum} needed)`;
}

/** '0.32 (95% interval 0.1 to 0.54, valence)'. */
export function intervalText(interval: Interval): string {
  const level = `${Math.round(interval.level * 100)}%`;
  return `${round(interval.estimate)} (${level} interval ${round(interval.low)} to ${round(interval.high)}, ${interval.unit})`;
}
