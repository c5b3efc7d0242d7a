import { render, screen } from '@testing-library/react';
import { MOODS } from '@kaleido/shared/journal/journal.constants';
import { describe, expect, it } from 'vitest';
import { MoodPicker } from './mood-picker';

// Any emoji: a machine without a colour emoji font draws a missing-glyph box for them.
const EMOJI = /\p{Extended_Pictographic}/u;

describe('the mood picker', () => {
  it('draws every mood with an icon from the app’s set, never an emoji', () => {
    const { container } = render(<MoodPicker value="excited" onChange={() => {}} name="mood" />);
    for (const mood of MOODS)
      expect(container.querySelector(`svg[data-mood="${mood}"]`)).toBeTruthy();
    expect(container.textContent).not.toMatch(EMOJI);
    expect(screen.getByRole('radio', { name: 'Excited' })).toBeTruthy();
  });
});
