import type { SignUpBody } from '@kaleido/shared/auth/auth.schemas';
import type { Config } from '../../config/env';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { IdentityRepository } from '../identity/identity.repository';
import type { IdentityService } from '../identity/identity.service';
import { accountExistsEmail } from '../mailer/mail-templates';
import type { Mailer } from '../mailer/mailer';
import { RATE_LIMITS, type RateLimitService } from '../rate-limit/rate-limit.service';
import type { WorkAfterAnswer } from './after-answer';
import { authHeaders, callAuth } from './auth-call';
import type { BetterAuth } from './better-auth';

export type SignUp = ReturnType<typeof createSignUp>;

/** Joining: sign-up, the verification link and a fresh one. */
export function createSignUp(deps: {
  auth: BetterAuth;
  identity: Pick<IdentityService, 'createProfile'>;
  identityRepository: Pick<IdentityRepository, 'findUserByEmail'>;
  rateLimits: RateLimitService;
  mailer: Mailer;
  config: Config;
  afterAnswer: WorkAfterAnswer;
}) {
  const { auth, rateLimits } = deps;
  const signInLink = `${deps.config.publicUrl}/login`;

  /** Sign-up's work for a new email, after the answer; better-auth sends the verification. */
  async function createAccount(body: SignUpBody, context: RequestContext): Promise<void> {
    const { response } = await callAuth(() =>
      auth.api.signUpEmail({
        body: { email: body.email, password: body.password, name: body.fullName, callbackURL: '/' },
        headers: authHeaders(context),
        returnHeaders: true,
      }),
    );
    await deps.identity.createProfile(response.user.id, body.fullName, body.email);
  }

  return {
    /**
     * Same answer whether or not the email is taken (no account enumeration). The owner of an
     * existing account is told by email instead. Both branches do the same work before the
     * answer — the limits, one lookup, one password hash — and their own after it: creating the
     * account (rows, verification mail) took longer than the dummy hash, so the time still told
     * (issue 16, then probe N13). A new account is thus hashed twice, the second time after the
     * answer, inside better-auth.
     */
    async signUp(body: SignUpBody, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.signUp, context.ip);
      await rateLimits.consume(RATE_LIMITS.emails, context.ip);
      const existing = await deps.identityRepository.findUserByEmail(body.email);
      await (await auth.$context).password.hash(body.password);
      deps.afterAnswer.run(() =>
        existing
          ? deps.mailer.send(accountExistsEmail(existing.email, signInLink))
          : createAccount(body, context),
      );
    },

    async resendVerification(email: string, context: RequestContext): Promise<void> {
      await rateLimits.consume(RATE_LIMITS.verify, context.ip);
      await rateLimits.consume(RATE_LIMITS.emails, context.ip);
      const user = await deps.identityRepository.findUserByEmail(email);
      if (!user || user.emailVerified) return;
      await callAuth(() =>
        auth.api.sendVerificationEmail({
          body: { email, callbackURL: '/' },
          headers: authHeaders(context),
          returnHeaders: true,
        }),
      );
    },

    /** Verifies the emailed token; answers where the browser should land. */
    async verifyEmail(token: string, context: RequestContext): Promise<{ ok: boolean }> {
      await rateLimits.consume(RATE_LIMITS.verify, context.ip);
      try {
        // The email_verified event is recorded by better-auth's afterEmailVerification hook.
        await callAuth(() =>
          auth.api.verifyEmail({
            query: { token },
            headers: authHeaders(context),
            returnHeaders: true,
          }),
        );
        return { ok: true };
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return { ok: false };
        throw error;
      }
    },
  };
}
