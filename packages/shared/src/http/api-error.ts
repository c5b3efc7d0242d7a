import { z } from 'zod';

/**
 * Every `code` Kaleido's server puts in an error body, and when. A client branches on these and
 * nothing else; the server's `AppError` accepts only these (a test keeps the list and the
 * source in step). Two families pass through unlisted: Fastify's own `FST_*` codes for bodies it
 * cannot read, and better-auth codes we neither map nor react to.
 */
export const API_ERROR_CODES = {
  // Who is asking
  UNAUTHENTICATED: 'not signed in',
  SESSION_TIMEOUT: 'the idle timeout ended the session; the client says so on sign-in',
  CSRF: 'missing or stale anti-forgery token; the client refreshes it and retries once',
  ORIGIN: 'a socket or request from another origin',
  FORBIDDEN: 'not allowed here, e.g. the local mailbox',
  NOT_ADMIN: 'an admin-only action',
  NOT_OWNER: "someone else's object that may be known to exist",
  READ_ONLY: 'a profile field the viewer may not change',
  SECTION_UNAVAILABLE: 'a settings section outside the current interface',
  METRICS_TOKEN: '/metrics without the right token',
  TWO_FACTOR_REQUIRED: 'the compliance mode (hipaa) requires two-factor for this role first',
  ACCOUNT_DISABLED: 'an administrator disabled the account; sign-in is refused',
  LAST_ADMIN: 'the change would leave the instance without an administrator',
  EMAIL_TAKEN: 'an administrator creating an account with an email already in use',
  FEATURE_OFF: 'the instance has this feature (e.g. audio input) turned off',
  RESEARCH_BUDGET_SPENT:
    'a research release over weeks whose privacy budget is spent; the message names the weeks',
  // better-auth outcomes we word ourselves (auth, two-factor, account deletion)
  INVALID_EMAIL_OR_PASSWORD: 'wrong email or password',
  INVALID_EMAIL: 'an address better-auth will not take; answered like a wrong password',
  EMAIL_NOT_VERIFIED: 'sign-in before the address is verified',
  INVALID_TOKEN: 'a reset or verification link that is wrong or used',
  INVALID_PASSWORD: 'the current password is wrong',
  SESSION_NOT_FRESH: 'deleting the account needs a recent sign-in',
  INVALID_CODE: 'a wrong two-factor code',
  INVALID_TWO_FACTOR_COOKIE: 'the two-factor step of a sign-in expired',
  INVALID_BACKUP_CODE: 'a wrong recovery code',
  // What was sent
  VALIDATION: 'a field or body does not match its schema; `errors` lists each problem',
  TOO_DEEP: 'a JSON body nested too deep',
  INVALID_TEXT: 'text with characters we refuse',
  NOT_FOUND: 'no such object, or not yours',
  RATE_LIMITED: 'too many attempts; Retry-After says when to try again',
  BAD_CURSOR: 'a page cursor that was not one we gave out',
  ETHICAL_USE_REQUIRED:
    'a professional reading shared data before confirming the ethical-use statement',
  CARE_CONFLICT: 'a relationship or pending invitation between these two already exists',
  TAG_EXISTS: 'a journal tag with that name already exists',
  CLIENT_ID_REUSED: 'a retried chat message whose clientId names a different message',
  CLIENT_KEY_REUSED: 'a retried journal entry whose clientKey names a different entry',
  MAIL_RECIPIENTS:
    'a mail send with no recipient, or one naming no active account (the draft is kept)',
  MAIL_TOO_LONG: 'a mail send whose subject or message is over its limit (the draft is kept)',
  CALL_BUSY: 'the person called (or the caller) is already in a call',
  CALL_STATE: 'a call signal that does not fit the call now (answering an ended call, ...)',
  TRANSCRIPT_NOT_RECORDING:
    'a recorded piece of a call sent while no transcript both people agreed to is on',
  TRANSCRIPT_STATE:
    'a transcript request, answer or stop that does not fit (already on, nobody asked, ...)',
  EXPORT_IN_PROGRESS:
    "a PDF export asked for while the same person's previous one is still being prepared (429)",
  EXPORT_TOO_LARGE: 'a PDF export over its size cap; a shorter period or Markdown will do (422)',
  EXPORT_UNAVAILABLE:
    'the server cannot prepare the PDF now: its export line is full, or the layout ran out of time (503)',
  MAIL_ATTACHMENTS: 'a draft that already carries the most attachments a message may have',
  // Files and audio
  NO_FILE: 'an upload without a file part',
  FILE_EMPTY: 'an empty file',
  FILE_TYPE: 'a file whose content is not an accepted type',
  FILE_TOO_LARGE: 'a file over its limit',
  FILE_MISSING: 'a stored file whose bytes are gone',
  STORAGE_FULL: 'the disk is full',
  STORAGE_UNAVAILABLE: 'file storage cannot be written',
  STORAGE_QUOTA: "the person's storage quota is spent (507; Settings shows the usage)",
  STORAGE_RESERVE: 'the disk is down to the free-space reserve kept for the database (507)',
  NO_AUDIO: 'a voice note whose audio was removed',
  AUDIO_TOO_LONG: 'audio over the transcription limit',
  AUDIO_UNREADABLE: 'audio the engine cannot decode',
  STT_UNAVAILABLE: 'no speech-to-text engine is available',
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERROR_CODES, code);
}

/** The one error body every failing API response carries. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  /** Field-level problems, keyed by a dotted path ('' for the body itself). */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A code from API_ERROR_CODES where the client must react to a specific failure. */
  code: z.string().optional(),
  requestId: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export { CSRF_HEADER } from './http.constants';
