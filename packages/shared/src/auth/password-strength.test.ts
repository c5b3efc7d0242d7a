import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength score (SPEC §5)', () => {
  it('scores an empty password 0, Weak, with the five basic hints', () => {
    expect(passwordStrength('')).toEqual({
      score: 0,
      label: 'Weak',
      valid: false,
      hints: [
        'Use at least 12 characters',
        'Add uppercase letters',
        'Add lowercase letters',
        'Add numbers',
        'Add special characters',
      ],
    });
  });

  it('awards 25 length, 25 upper, 25 lower, 15 digit, 10 special', () => {
    expect(passwordStrength('abcdefghijkl'.replace('abc', 'xyz')).score).toBe(50);
    expect(passwordStrength('A').score).toBe(25);
    expect(passwordStrength('a').score).toBe(25);
    expect(passwordStrength('7').score).toBe(15);
    expect(passwordStrength('!').score).toBe(10);
    expect(passwordStrength('Zyxwvu7!mnop').score).toBe(100);
  });

  it('adds 10 at 16 characters and 10 more at 20, capped at 100', () => {
    expect(passwordStrength('zyxwvutsrqponmlk').score).toBe(60);
    expect(passwordStrength('zyxwvutsrqponmlkjihg').score).toBe(70);
    expect(passwordStrength('Zyxwvutsrqponmlkjih7!').score).toBe(100);
  });

  it('takes 10 for three identical characters in a row', () => {
    const result = passwordStrength('Zyxwvu7!mnnn');
    expect(result.score).toBe(90);
    expect(result.hints).toEqual(['Avoid repeating characters']);
  });

  it('takes 20 for a common pattern, in any case', () => {
    for (const weak of [
      'Zyx123vu7!mn',
      'ZyxABCvu7!mn',
      'Qwerty7!mnop',
      'MyPassword7!',
      'Admin7!zyxwv',
    ]) {
      const result = passwordStrength(weak);
      expect(result.score, weak).toBe(80);
      expect(result.hints, weak).toEqual(['Avoid common patterns']);
    }
  });

  it('labels Strong at 75+, Medium at 50+, Weak below, valid from 75', () => {
    expect(passwordStrength('Abc111defgh!')).toMatchObject({
      score: 70,
      label: 'Medium',
      valid: false,
    });
    expect(passwordStrength('Zyxwvutsrqpo')).toMatchObject({
      score: 75,
      label: 'Strong',
      valid: true,
    });
    expect(passwordStrength('zyxwvutsrqpo')).toMatchObject({ score: 50, label: 'Medium' });
    expect(passwordStrength('zyxwvutsrqp')).toMatchObject({ score: 25, label: 'Weak' });
  });

  it('never goes below 0', () => {
    expect(passwordStrength('aaa').score).toBe(15);
    expect(passwordStrength('111').score).toBe(5);
    expect(passwordStrength('1123').score).toBe(0);
  });
});
