import { describe, expect, it } from 'vitest';
import { validateNewPassword } from '../../components/password/validate-new-password';
import { validateSignIn, validateSignUp } from './validate-credentials';

const GOOD = 'Kaleido-Journey-42!';

describe('sign-up validation (SPEC §5 order: email, password rules, confirm)', () => {
  it('leaves missing credentials to the server, which answers with the spec message', () => {
    expect(validateSignUp({ email: '', password: '', confirmPassword: '' })).toBeNull();
    expect(validateSignUp({ email: '  ', password: GOOD, confirmPassword: GOOD })).toBeNull();
  });

  it('reports the email first, even when the password is also wrong', () => {
    expect(validateSignUp({ email: 'nope', password: 'x', confirmPassword: 'y' })).toEqual({
      title: 'Invalid email',
      description: 'Please enter a valid email address',
    });
    expect(
      validateSignUp({ email: `${'a'.repeat(249)}@b.com`, password: 'x', confirmPassword: 'y' }),
    ).toEqual({ title: 'Invalid email', description: 'Email address is too long' });
  });

  it('then the first broken password rule, before the confirmation', () => {
    expect(
      validateSignUp({ email: 'a@b.co', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      title: 'Password requirements not met',
      description: 'Password must be at least 12 characters long',
    });
    expect(validateNewPassword('abcdefghijk1!', 'x')?.description).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect(validateNewPassword('ABCDEFGHIJK1!', 'x')?.description).toBe(
      'Password must contain at least one lowercase letter',
    );
    expect(validateNewPassword('Abcdefghijkl!', 'x')?.description).toBe(
      'Password must contain at least one number',
    );
    expect(validateNewPassword('Abcdefghijk12', 'x')?.description).toBe(
      'Password must contain at least one special character',
    );
  });

  it('then the confirmation, with the spec title and text', () => {
    expect(
      validateSignUp({ email: 'a@b.co', password: GOOD, confirmPassword: `${GOOD}!` }),
    ).toEqual({
      title: 'Passwords do not match',
      description: 'Please make sure both passwords are identical.',
    });
    expect(validateSignUp({ email: 'a@b.co', password: GOOD, confirmPassword: GOOD })).toBeNull();
  });
});

describe('sign-in validation', () => {
  it('checks the email shape and leaves missing fields to the server', () => {
    expect(validateSignIn({ email: '', password: '' })).toBeNull();
    expect(validateSignIn({ email: 'bad', password: 'x' })?.title).toBe('Invalid email');
    expect(validateSignIn({ email: 'a@b.co', password: 'anything' })).toBeNull();
  });
});
