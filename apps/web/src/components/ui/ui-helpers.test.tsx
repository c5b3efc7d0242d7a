import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StrengthMeter } from '../password/strength-meter';
import { badgeText } from '../../features/notifications/notification-links';
import { checkIntervalMs } from '../../features/inactivity/hooks/use-inactivity-timeout';
import { emailInitial, nameInitials } from './avatar';

describe('avatar letters (SPEC §2)', () => {
  it('shows up to two initials of the name, or U', () => {
    expect(nameInitials('Ada Lovelace King')).toBe('AL');
    expect(nameInitials('ada')).toBe('A');
    expect(nameInitials('  ')).toBe('U');
    expect(nameInitials(null)).toBe('U');
  });
  it('top-bar menu: first letter of the email uppercased, or U', () => {
    expect(emailInitial('zoe@example.test')).toBe('Z');
    expect(emailInitial('')).toBe('U');
  });
});

describe('notification badge (SPEC §9)', () => {
  it('shows the count, 9+ above nine, nothing at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('inactivity check interval (SPEC §9)', () => {
  it('is 60 s for the 30-minute timeout and scales down for short ones', () => {
    expect(checkIntervalMs(30 * 60_000)).toBe(60_000);
    expect(checkIntervalMs(6_000)).toBe(600);
    expect(checkIntervalMs(100)).toBe(250);
  });
});

describe('strength meter (SPEC §5)', () => {
  it('renders nothing for an empty password', () => {
    const { container } = render(<StrengthMeter id="m" password="" />);
    expect(container.innerHTML).toBe('');
  });
  it('shows the label, score and open hints', () => {
    render(<StrengthMeter id="m" password="abc" />);
    expect(screen.getByText('Weak')).toBeTruthy();
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('5');
    expect(screen.getByText('Avoid common patterns')).toBeTruthy();
    expect(screen.getByText('Add numbers')).toBeTruthy();
  });
  it('says Strong with no hints for a strong password', () => {
    render(<StrengthMeter id="m" password="Zyxwvu7!mnop" />);
    expect(screen.getByText('Strong')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
