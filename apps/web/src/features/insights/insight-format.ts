import type { InsightCard, Interval } from '@kaleido/shared/insights/insight-cards.schemas';

const round = (n: number) => String(Math.round(n * 100) / 100);

/**
 * 'Based on 12 entries (at least 5 needed).' for a claim; for a card that does not know yet,
 * how far it is with the same figures its sentence names: '1 of 3 days so far.'
 */
export function basisText(
  card: Pick<InsightCard, 'n' | 'nUnit' | 'minimum'> & Partial<Pick<InsightCard, 'status'>>,
): string {
  if (card.status === 'not_enough_data') {
    const unit = card.minimum === 1 ? card.nUnit.replace(/s$/, '') : card.nUnit;
    return `${card.n} of ${card.minimum} ${unit} so far.`;
  }
  const unit = card.n === 1 ? card.nUnit.replace(/s$/, '') : card.nUnit;
  return `Based on ${card.n} ${unit} (at least ${card.minimum} needed).`;
}

/** '0.32 (95% interval 0.1 to 0.54, valence)'. */
export function intervalText(interval: Interval): string {
  const level = `${Math.round(interval.level * 100)}%`;
  return `${round(interval.estimate)} (${level} interval ${round(interval.low)} to ${round(interval.high)}, ${interval.unit})`;
}
