import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kaleido/shared/auth/password-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/auth';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { newCsrfToken } from '../session/csrf-token';
import { AUTH_COOKIE_PREFIX, usesSecureCookies } from '../session/session-cookie';

/** Header through which we hand better-auth the client IP we took from the socket. */
export const CLIENT_IP_HEADER = 'x-kaleido-client-ip';

export const RESET_TOKEN_SECONDS = 15 * 60;

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (~13 ms here).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export interface AuthMailHooks {
  sendVerification(user: { email: string; name: string }, token: string): Promise<void>;
  sendReset(user: { email: string; id: string }, token: string): Promise<void>;
}

/**
 * better-auth carries credentials, sessions, verification, reset and TOTP. Its HTTP handler is
 * not mounted: our routes call `auth.api.*` so that validation, errors, rate limits, anti-forgery
 * and security events stay ours (docs/decisions/003-accounts-on-better-auth.md).
 */
export interface BetterAuthOptions {
  config: Config;
  db: Db;
  secret: string;
  mail: AuthMailHooks;
  /** Logs `email_verified` once an emailed link has verified the address (none in the CLI). */
  securityEvents?: Pick<SecurityEventsService, 'record'>;
  /** Where better-auth's own messages go; without it only its errors, to stderr (the CLI). */
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export function createBetterAuth({
  config,
  db,
  secret,
  mail,
  securityEvents,
  log,
  now = () => new Date(),
}: BetterAuthOptions) {
  const sessionSeconds = Math.round(config.SESSION_MAX_HOURS * 3600);
  return betterAuth({
    appName: 'Kaleido',
    baseURL: `${config.publicUrl}/api/auth`,
    secret,
    telemetry: { enabled: false },
    // Into our structured log; "User not found" and the like are debug noise there.
    logger: {
      log: (level, message, ...args: unknown[]) => {
        if (log)
          log[level === 'error' ? 'error' : 'debug']({ source: 'better-auth', args }, message);
        else if (level === 'error') console.error(`better-auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => argon2Hash(password, ARGON2),
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      sendResetPassword: ({ user, token }) => mail.sendReset(user, token),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      sendVerificationEmail: ({ user, token }) => mail.sendVerification(user, token),
      afterEmailVerification: async (user, request) => {
        await securityEvents?.record(user.id, 'email_verified', {
          userAgent: request?.headers.get('user-agent') ?? undefined,
        });
      },
    },
    session: {
      expiresIn: sessionSeconds,
      // Sliding expiry is our idle timeout; better-auth must not extend the absolute lifetime.
      disableSessionRefresh: true,
      // Ours, set by the create hook below; never accepted from input (the handler is not exposed).
      additionalFields: {
        csrfToken: { type: 'string', required: false, input: false },
        lastActiveAt: { type: 'date', required: false, input: false },
      },
    },
    // Our own limiter (database-backed, shared by instances) covers every route.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: usesSecureCookies(config),
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // Every new session (sign-in, 2FA completion, password change) gets its own token.
          // Times come from our clock so the idle and absolute limits agree with it.
          before: (session) => {
            const at = now();
            return Promise.resolve({
              data: {
                ...session,
                csrfToken: newCsrfToken(),
                lastActiveAt: at,
                createdAt: at,
                expiresAt: new Date(at.getTime() + sessionSeconds * 1000),
              },
            });
          },
        },
      },
    },
    plugins: [twoFactor({ issuer: 'Kaleido', skipVerificationOnEnable: false })],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
