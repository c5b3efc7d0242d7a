import { NEW_PASSWORD_TOASTS } from '../../components/password/validate-new-password';

/** Toast titles and texts of the auth screens (SPEC §8), kept in one place. */
export const AUTH_TOASTS = {
  signInFailed: 'Sign in failed',
  signUpFailed: 'Sign up failed',
  invalidEmail: 'Invalid email',
  weakPassword: NEW_PASSWORD_TOASTS.weakPassword,
  mismatch: NEW_PASSWORD_TOASTS.mismatch,
  resetFailure: { title: 'Error', description: 'Something went wrong. Please try again.' },
  signedIn: { title: 'Welcome back!', description: 'Successfully signed in.' },
  /** An account's very first sign-in: nobody is welcomed back on their first visit. */
  firstSignedIn: { title: 'Welcome to Kaleido!', description: 'Successfully signed in.' },
  accountCreated: 'Account created!',
  resetSent: 'Reset link sent',
} as const;

export const RESET_SENT_TEXTS = {
  sent: "If an account with that email exists, we've sent you a reset link.",
  expiry: 'The reset link will expire in 15 minutes for security.',
} as const;
