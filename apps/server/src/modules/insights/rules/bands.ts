// Times of day, in the person's timezone.

export const TIME_BANDS = [
  { label: 'Mornings', from: 5, to: 12 },
  { label: 'Afternoons', from: 12, to: 17 },
  { label: 'Evenings', from: 17, to: 22 },
  { label: 'Nights', from: 22, to: 5 },
] as const;

export type TimeBand = (typeof TIME_BANDS)[number];

export function bandOf(hour: number): string {
  for (const band of TIME_BANDS)
    if (
      band.from < band.to
        ? hour >= band.from && hour < band.to
        : hour >= band.from || hour < band.to
    )
      return band.label;
  return 'Nights';
}
