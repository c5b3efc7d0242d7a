import { z } from 'zod';
import { RoleSchema } from '../roles/roles';
import { emailProblems, normalizeEmail } from './email-rules';
import { PASSWORD_MAX_LENGTH, passwordProblems } from './password-rules';

/** Shown when sign-in or sign-up arrives without both an email and a password (SPEC §5). */
export const CREDENTIALS_REQUIRED_MESSAGE =
  'You must provide either an email or phone number and a password';

const credentialString = z
  .string({ error: CREDENTIALS_REQUIRED_MESSAGE })
  .min(1, CREDENTIALS_REQUIRED_MESSAGE);

/** An email checked with the spec's rules and messages, then normalized. */
export const EmailSchema = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    for (const message of emailProblems(value)) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normalizeEmail);

/** A new password under the spec's rules, each broken rule reported in the spec's order. */
export const NewPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });

export const FULL_NAME_MAX_LENGTH = 100;
export const FullNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your full name')
  .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`);

// Checked in the spec's order: credentials present, then email, then password rules.
export const SignUpBodySchema = z.strictObject({
  email: credentialString.pipe(EmailSchema),
  password: credentialString.pipe(NewPasswordSchema),
  fullName: FullNameSchema,
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const SignInBodySchema = z.strictObject({
  email: credentialString.transform(normalizeEmail),
  password: credentialString.max(PASSWORD_MAX_LENGTH, 'Invalid email or password'),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const EmailOnlyBodySchema = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(EmailSchema),
});

export const ResetPasswordBodySchema = z.strictObject({
  token: z.string().min(1, 'The reset link is missing its token').max(512),
  password: NewPasswordSchema,
});

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});

export const PasswordConfirmBodySchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});

export const TwoFactorCodeBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

export const RecoveryCodeBodySchema = z.strictObject({
  code: z.string().trim().min(1, 'Enter one of your recovery codes').max(64),
});

export const SelectedInterfaceBodySchema = z.strictObject({ selectedInterface: RoleSchema });

/** What GET /api/session answers (the spec's user session context, plus the anti-forgery token). */
export const SessionInfoSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
    })
    .nullable(),
  role: RoleSchema.nullable(),
  /** Admins: the selected interface (default user); everyone else: their role. */
  effectiveRole: RoleSchema.nullable(),
  profile: z
    .object({
      id: z.string(),
      userId: z.string(),
      fullName: z.string(),
      email: z.string(),
      selectedInterface: RoleSchema.nullable(),
    })
    .nullable(),
  isFirstTimeAdmin: z.boolean(),
  /** Signed in with a temporary password an administrator set: a new one comes first. */
  passwordChangeRequired: z.boolean(),
  /** The profile picture (user_profile.avatar_url), shown wherever the avatar appears. */
  avatarUrl: z.string().nullable(),
  csrfToken: z.string().nullable(),
  /** Why there is no session, when the server knows (e.g. the idle timeout ended it). */
  endedReason: z.enum(['session_timeout', 'session_expired']).nullable(),
  idleTimeoutMinutes: z.number(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/**
 * Answer to sign-in: either signed in, or a second factor is needed. `firstSignIn`: the account
 * never signed in before, so it is greeted, not welcomed back.
 */
export const SignInResultSchema = z.object({
  twoFactorRequired: z.boolean(),
  firstSignIn: z.boolean(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const GENERIC_SIGN_UP_MESSAGE = 'Please check your email to verify your account.';
export const GENERIC_RESET_MESSAGE =
  'If an account exists, a reset link has been sent to your email.';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email before signing in. We have sent you a new verification link.';
