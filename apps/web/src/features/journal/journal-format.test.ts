import { describe, expect, it } from 'vitest';
import { dayOf, formatEntryTime, newEntryPrivacy } from './journal-format';

describe('journal times in the person’s timezone', () => {
  it('puts an instant on the day it is where the person lives', () => {
    const lateEvening = '2026-11-24T23:30:00Z';
    expect(dayOf(lateEvening, 'UTC')).toBe('2026-11-24');
    expect(dayOf(lateEvening, 'Asia/Tokyo')).toBe('2026-11-25');
    expect(dayOf(lateEvening, 'America/Los_Angeles')).toBe('2026-11-24');
  });

  it('shows the local clock time, and survives a timezone the browser does not know', () => {
    expect(formatEntryTime('2026-11-24T23:30:00Z', 'Asia/Tokyo')).toMatch(/08:30/);
    expect(() => formatEntryTime('2026-11-24T23:30:00Z', 'Mars/Olympus')).not.toThrow();
  });
});

describe('a new entry’s privacy', () => {
  it('follows the person’s default, private unless they chose to share new entries', () => {
    expect(newEntryPrivacy(undefined)).toBeUndefined();
    expect(newEntryPrivacy(undefined, true)).toBe('private');
    expect(newEntryPrivacy({ privacy_settings: {} })).toBe('private');
    expect(
      newEntryPrivacy({ privacy_settings: { new_entry_privacy: 'shared_with_clients' } }),
    ).toBe('shared_with_clients');
  });
});
