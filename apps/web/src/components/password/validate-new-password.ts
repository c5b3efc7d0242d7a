import { passwordProblems } from '@kaleido/shared/auth/password-rules';

/** A problem a form reports as a destructive toast: title and first message. */
export interface FormProblem {
  title: string;
  description: string;
}

/** The toasts of a new password that breaks a rule or is not confirmed (SPEC §8). */
export const NEW_PASSWORD_TOASTS = {
  weakPassword: 'Password requirements not met',
  mismatch: {
    title: 'Passwords do not match',
    description: 'Please make sure both passwords are identical.',
  },
} as const;

/** A new password (sign-up, reset, change): the rules first, then the confirmation. */
export function validateNewPassword(password: string, confirmPassword: string): FormProblem | null {
  const passwordProblem = passwordProblems(password)[0];
  if (passwordProblem)
    return { title: NEW_PASSWORD_TOASTS.weakPassword, description: passwordProblem };
  if (password !== confirmPassword) return { ...NEW_PASSWORD_TOASTS.mismatch };
  return null;
}
