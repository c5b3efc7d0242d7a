/** The spec's email rules (SPEC §5) with their exact messages. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const EMAIL_TOO_LONG_MESSAGE = 'Email address is too long';

// One @, something on both sides, a dot in the domain, no spaces: what people mean by "valid".
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblems(email: string): string[] {
  const problems: string[] = [];
  if (!EMAIL_PATTERN.test(email)) problems.push(EMAIL_INVALID_MESSAGE);
  if (email.length > EMAIL_MAX_LENGTH) problems.push(EMAIL_TOO_LONG_MESSAGE);
  return problems;
}

/** Emails are compared and stored lower-cased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
