/**
 * The spec's password strength score (SPEC §5), shown by the meter on every new-password field.
 * It informs; the password rules in password-rules.ts decide what is accepted.
 */
export const STRENGTH_VALID_SCORE = 75;

export type StrengthLabel = 'Weak' | 'Medium' | 'Strong';

export interface PasswordStrength {
  /** 0-100, capped. */
  score: number;
  label: StrengthLabel;
  /** True at 75 or more. */
  valid: boolean;
  /** What would raise the score, in the spec's order. */
  hints: string[];
}

const COMMON_PATTERNS = ['123', 'abc', 'qwe', 'password', 'admin'];

export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  const hints: string[] = [];
  const award = (passes: boolean, points: number, hint: string) => {
    if (passes) score += points;
    else hints.push(hint);
  };
  award(password.length >= 12, 25, 'Use at least 12 characters');
  award(/[A-Z]/.test(password), 25, 'Add uppercase letters');
  award(/[a-z]/.test(password), 25, 'Add lowercase letters');
  award(/\d/.test(password), 15, 'Add numbers');
  award(/[^A-Za-z0-9]/.test(password), 10, 'Add special characters');
  if (password.length >= 16) score += 10;
  if (password.length >= 20) score += 10;
  if (/(.)\1\1/.test(password)) {
    score -= 10;
    hints.push('Avoid repeating characters');
  }
  const lower = password.toLowerCase();
  if (COMMON_PATTERNS.some((pattern) => lower.includes(pattern))) {
    score -= 20;
    hints.push('Avoid common patterns');
  }
  score = Math.max(0, Math.min(100, score));
  const label: StrengthLabel = score >= 75 ? 'Strong' : score >= 50 ? 'Medium' : 'Weak';
  return { score, label, valid: score >= STRENGTH_VALID_SCORE, hints };
}
