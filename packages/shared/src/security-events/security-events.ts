/** Security events written to consent_logs (SPEC §3 consent log record, §4 inactivity). */
export const SECURITY_EVENTS = [
  'user_login',
  'user_logout',
  'session_timeout',
  'sign_in_failed',
  'password_reset_requested',
  'password_reset_completed',
  'password_changed',
  'email_verified',
  'two_factor_enabled',
  'two_factor_disabled',
  'session_revoked',
  'data_exported',
  'data_deleted',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];
