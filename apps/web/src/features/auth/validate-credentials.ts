import { emailProblems } from '@kaleido/shared/auth/email-rules';
import {
  validateNewPassword,
  type FormProblem,
} from '../../components/password/validate-new-password';
import { AUTH_TOASTS } from './auth-messages';

/**
 * Whether both credentials are present. When one is missing the form still submits, so the
 * server answers with the spec's 'You must provide either an email or phone number and a
 * password' (one message, kept in @kaleido/shared) and the form toasts it.
 */
export function hasCredentials(values: { email: string; password: string }): boolean {
  return values.email.trim() !== '' && values.password !== '';
}

/** Sign-in: a well-formed email (missing fields are left to the server, see above). */
export function validateSignIn(values: { email: string; password: string }): FormProblem | null {
  if (!hasCredentials(values)) return null;
  const emailProblem = emailProblems(values.email.trim())[0];
  if (emailProblem) return { title: AUTH_TOASTS.invalidEmail, description: emailProblem };
  return null;
}

/** Sign-up checks in the spec's order: email, then password rules, then the confirmation. */
export function validateSignUp(values: {
  email: string;
  password: string;
  confirmPassword: string;
}): FormProblem | null {
  if (!hasCredentials(values)) return null;
  const emailProblem = emailProblems(values.email.trim())[0];
  if (emailProblem) return { title: AUTH_TOASTS.invalidEmail, description: emailProblem };
  return validateNewPassword(values.password, values.confirmPassword);
}
