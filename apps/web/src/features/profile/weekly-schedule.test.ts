import { describe, expect, it } from 'vitest';
import { emptyWeek, fromWeek, isValidRange, toWeek } from './weekly-schedule';

describe('weekly schedule', () => {
  it('reads the stored JSON into days and writes it back the same', () => {
    const stored = { monday: ['09:00-12:00', '13:00-17:00'], friday: ['10:00-14:00'] };
    const week = toWeek(stored);
    expect(week?.monday).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
    expect(week?.tuesday).toEqual([]);
    expect(fromWeek(week ?? emptyWeek())).toEqual(stored);
  });

  it('treats no schedule as an empty week, and an empty week as no schedule', () => {
    expect(toWeek(null)).toEqual(emptyWeek());
    expect(fromWeek(emptyWeek())).toBeNull();
  });

  it('refuses shapes it cannot show, so nothing stored is lost', () => {
    expect(toWeek({ monday: ['9-5'] })).toBeNull();
    expect(toWeek({ holidays: ['10:00-12:00'] })).toBeNull();
    expect(toWeek({ monday: '09:00-17:00' })).toBeNull();
    expect(toWeek(['monday'])).toBeNull();
  });

  it('accepts a range only when it ends after it starts', () => {
    expect(isValidRange({ from: '09:00', to: '17:00' })).toBe(true);
    expect(isValidRange({ from: '17:00', to: '09:00' })).toBe(false);
    expect(isValidRange({ from: '09:00', to: '' })).toBe(false);
  });
});
