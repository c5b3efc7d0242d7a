import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PasswordConfirmBodySchema,
  RecoveryCodeBodySchema,
  TwoFactorCodeBodySchema,
} from '@kaleido/shared/auth/auth.schemas';
import { DEVICE_COOKIE } from '../auth/device-cookie';
import { requestContext } from '../../http/request-context';
import { requireSession } from '../../http/session-guard';
import type { TwoFactorService } from './two-factor.service';

function forwardCookies(reply: FastifyReply, setCookies: string[]) {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
}

export function registerTwoFactorRoutes(app: FastifyInstance, twoFactor: TwoFactorService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/two-factor/enroll',
    { config: { auth: 'required' }, schema: { body: PasswordConfirmBodySchema } },
    async (request) => {
      const { user } = requireSession(request);
      return twoFactor.enroll(user, request.body.password, requestContext(request));
    },
  );

  r.post(
    '/api/auth/two-factor/confirm',
    { config: { auth: 'required' }, schema: { body: TwoFactorCodeBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      forwardCookies(
        reply,
        (await twoFactor.confirm(user.id, request.body.code, requestContext(request))).setCookies,
      );
      return { ok: true };
    },
  );

  r.post(
    '/api/auth/two-factor/disable',
    { config: { auth: 'required' }, schema: { body: PasswordConfirmBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      forwardCookies(
        reply,
        (await twoFactor.disable(user, request.body.password, requestContext(request))).setCookies,
      );
      return { ok: true };
    },
  );

  // The sign-in step after the password; the pending sign-in lives in better-auth's signed cookie.
  r.post(
    '/api/auth/two-factor/verify',
    { schema: { body: TwoFactorCodeBodySchema }, config: { csrf: false } },
    async (request, reply) => {
      forwardCookies(
        reply,
        (
          await twoFactor.completeSignIn(
            'totp',
            request.body.code,
            requestContext(request),
            request.cookies[DEVICE_COOKIE],
          )
        ).setCookies,
      );
      return { ok: true };
    },
  );

  r.post(
    '/api/auth/two-factor/recover',
    { schema: { body: RecoveryCodeBodySchema }, config: { csrf: false } },
    async (request, reply) => {
      forwardCookies(
        reply,
        (
          await twoFactor.completeSignIn(
            'recovery',
            request.body.code,
            requestContext(request),
            request.cookies[DEVICE_COOKIE],
          )
        ).setCookies,
      );
      return { ok: true };
    },
  );
}
