import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthWeeks } from './calendar-days';

describe('calendar days', () => {
  it('lays a month out in Monday-first weeks', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday: six empty cells lead.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('moves across month and year ends, clamping to the shorter month', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
});
