import { render, screen } from '@testing-library/react';
import type { MoodPoint } from '@kaleido/shared/care/care-reads.schemas';
import { describe, expect, it } from 'vitest';
import { MoodTrend } from './mood-trend';

const points = (n: number): MoodPoint[] =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
    mood: i === n - 1 ? 'neutral' : 'happy',
  }));

describe('a mood trend caption', () => {
  it('calls a full window the last entries, not the total (the person page says 15)', () => {
    render(<MoodTrend points={points(14)} label="Mood trend of Maya" latestOf={14} />);
    expect(screen.getByText('Last 14 entries, latest mood: neutral')).toBeTruthy();
  });

  it('counts every entry when all of them are shown', () => {
    render(<MoodTrend points={points(3)} label="Mood trend of Maya" latestOf={14} />);
    expect(screen.getByText('3 entries, latest mood: neutral')).toBeTruthy();
  });
});
