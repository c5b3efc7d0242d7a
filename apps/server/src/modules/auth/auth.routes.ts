import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  EmailOnlyBodySchema,
  GENERIC_RESET_MESSAGE,
  GENERIC_SIGN_UP_MESSAGE,
  ResetPasswordBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
} from '@kaleido/shared/auth/auth.schemas';
import { requestContext } from '../../http/request-context';
import { requireSession } from '../../http/session-guard';
import type { PasswordChanges } from './password-changes';
import type { SignIn } from './sign-in';
import type { SignUp } from './sign-up';
import { DEVICE_COOKIE } from './device-cookie';

function forwardCookies(reply: FastifyReply, setCookies: string[]) {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
}

const noCsrf = { csrf: false } as const;

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { signUp: SignUp; signIn: SignIn; passwords: PasswordChanges },
) {
  const { signUp, signIn, passwords } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/sign-up',
    { schema: { body: SignUpBodySchema }, config: noCsrf },
    async (request) => {
      await signUp.signUp(request.body, requestContext(request));
      return { message: GENERIC_SIGN_UP_MESSAGE };
    },
  );

  r.post(
    '/api/auth/sign-in',
    { schema: { body: SignInBodySchema }, config: noCsrf },
    async (request, reply) => {
      const result = await signIn.signIn(
        request.body,
        requestContext(request),
        request.cookies[DEVICE_COOKIE],
      );
      forwardCookies(reply, result.setCookies);
      return { twoFactorRequired: result.twoFactorRequired, firstSignIn: result.firstSignIn };
    },
  );

  r.post('/api/auth/sign-out', { config: { auth: 'required' } }, async (request, reply) => {
    const { user, session } = requireSession(request);
    const { setCookies } = await signIn.signOut(user.id, session.id, requestContext(request));
    forwardCookies(reply, setCookies);
    return { ok: true };
  });

  r.post(
    '/api/auth/resend-verification',
    { schema: { body: EmailOnlyBodySchema }, config: noCsrf },
    async (request) => {
      await signUp.resendVerification(request.body.email, requestContext(request));
      return { message: 'If that account is waiting for verification, a new link is on its way.' };
    },
  );

  // The link in the verification email: verifies, then lands on the root path (SPEC §2).
  r.get(
    '/api/auth/verify-email',
    { schema: { querystring: z.object({ token: z.string().min(1).max(2048) }).loose() } },
    async (request, reply) => {
      const { ok } = await signUp.verifyEmail(request.query.token, requestContext(request));
      return reply.redirect(ok ? '/?verified=1' : '/login?verification=invalid');
    },
  );

  r.post(
    '/api/auth/request-password-reset',
    { schema: { body: EmailOnlyBodySchema }, config: noCsrf },
    async (request) => {
      await passwords.requestPasswordReset(request.body.email, requestContext(request));
      return { message: GENERIC_RESET_MESSAGE };
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordBodySchema }, config: noCsrf },
    async (request) => {
      await passwords.resetPassword(
        request.body.token,
        request.body.password,
        requestContext(request),
      );
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );

  r.post(
    '/api/auth/change-password',
    { config: { auth: 'required' }, schema: { body: ChangePasswordBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const { currentPassword, newPassword } = request.body;
      const { setCookies } = await passwords.changePassword(
        user,
        currentPassword,
        newPassword,
        requestContext(request),
      );
      forwardCookies(reply, setCookies);
      return { message: 'Password updated. Your other sessions have been signed out.' };
    },
  );
}
