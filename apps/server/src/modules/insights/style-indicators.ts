import { INSIGHT_MINIMUMS } from '@kaleido/shared/insights/insights.constants';
import type { StyleIndicators } from '@kaleido/shared/insights/personality';
import type { InsightItem } from './rules/shared';
import { meanInterval } from './statistics';

const MARKERS = [
  {
    marker: 'first_person_singular',
    label: 'Self-focus (I, me, my)',
    note: 'More "I" words have been linked, weakly, with low mood and self-focus (Tackman et al. 2019); they also rise when simply writing about oneself, as a journal invites.',
  },
  {
    marker: 'absolutist',
    label: 'Absolutist words (always, never, nothing)',
    note: 'All-or-nothing words were more frequent in anxiety and depression forums (Al-Mosaiwi & Johnstone 2018); a tendency in groups, not a sign in one person.',
  },
  {
    marker: 'negation',
    label: 'Negations (not, no, never)',
    note: 'Negations count how often things are framed by what is not; they vary a lot with topic.',
  },
] as const;

/** The person's language markers over their items: tentative, with intervals and words. */
export function styleIndicatorsOf(items: InsightItem[]): StyleIndicators {
  const worded = items.filter((i) => i.result.wordCount > 0);
  const minimum = INSIGHT_MINIMUMS.items * 2;
  return {
    tentative: true,
    status: worded.length >= minimum ? 'ok' : 'not_enough_data',
    n: worded.length,
    minimum,
    caveat:
      'Tentative: these describe how you write, not who you are, and are never a diagnosis. They depend on what you write about and where.',
    indicators:
      worded.length < minimum
        ? []
        : MARKERS.map(({ marker, label, note }) => {
            const e = meanInterval(worded.map((i) => i.result.markers[marker].rate));
            const counts = new Map<string, number>();
            for (const item of worded)
              for (const word of item.result.markers[marker].words)
                counts.set(word, (counts.get(word) ?? 0) + 1);
            return {
              marker,
              label,
              estimate: e.estimate,
              low: e.low,
              high: e.high,
              words: [...counts.entries()]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 6)
                .map(([word]) => word),
              note,
            };
          }),
  };
}
