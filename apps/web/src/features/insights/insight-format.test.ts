import { describe, expect, it } from 'vitest';
import { basisText, intervalText } from './insight-format';

describe('insight card texts', () => {
  it('says what a claim rests on and how sure it is', () => {
    expect(basisText({ n: 12, nUnit: 'entries', minimum: 5 })).toBe(
      'Based on 12 entries (at least 5 needed).',
    );
    expect(basisText({ n: 1, nUnit: 'days', minimum: 3 })).toBe(
      'Based on 1 day (at least 3 needed).',
    );
    // Not known yet: how far it is, never "based on" more than it needs.
    expect(basisText({ status: 'not_enough_data', n: 1, nUnit: 'days', minimum: 3 })).toBe(
      '1 of 3 days so far.',
    );
    expect(basisText({ status: 'not_enough_data', n: 0, nUnit: 'items', minimum: 1 })).toBe(
      '0 of 1 item so far.',
    );
    expect(
      intervalText({ estimate: 0.3167, low: 0.1, high: 0.5433, level: 0.95, unit: 'valence' }),
    ).toBe('0.32 (95% interval 0.1 to 0.54, valence)');
  });
});
