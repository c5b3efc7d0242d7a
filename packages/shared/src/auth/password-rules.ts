/**
 * The spec's password rules (SPEC §5), in the order they are checked, with their exact messages.
 * Shared by the sign-up form, the reset screen, the CLI and the server.
 */
export const PASSWORD_MIN_LENGTH = 12;

export const PASSWORD_RULES: readonly { test: (p: string) => boolean; message: string }[] = [
  {
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
    message: 'Password must be at least 12 characters long',
  },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter' },
  { test: (p) => /\d/.test(p), message: 'Password must contain at least one number' },
  {
    test: (p) => /[^A-Za-z0-9]/.test(p),
    message: 'Password must contain at least one special character',
  },
];

/** Every rule the password breaks, in the spec's order; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** Upper bound so hashing cannot be used to burn CPU; far above any real passphrase. */
export const PASSWORD_MAX_LENGTH = 256;
