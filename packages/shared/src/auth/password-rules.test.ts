import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-rules';
import { emailProblems } from './email-rules';

describe('password rules (SPEC §5)', () => {
  it('lists every broken rule in the spec order', () => {
    expect(passwordProblems('')).toEqual([
      'Password must be at least 12 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Abcdefghij1!')).toEqual([]);
  });
  it('needs 12 characters exactly at the boundary', () => {
    expect(passwordProblems('Abcdefghi1!')).toEqual([
      'Password must be at least 12 characters long',
    ]);
  });
});

describe('email rules (SPEC §5)', () => {
  it('rejects an invalid address and one over 254 characters', () => {
    expect(emailProblems('nope')).toEqual(['Please enter a valid email address']);
    expect(emailProblems(`${'a'.repeat(249)}@b.com`)).toEqual(['Email address is too long']);
    expect(emailProblems(`${'a'.repeat(248)}@b.com`)).toEqual([]);
  });
});
