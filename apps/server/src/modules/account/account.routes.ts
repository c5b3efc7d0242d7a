import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PasswordConfirmBodySchema } from '@kaleido/shared/auth/auth.schemas';
import { requestContext } from '../../http/request-context';
import { requireSession } from '../../http/session-guard';
import type { AccountDeletion } from './account-deletion';
import type { AccountExport } from './account-export';

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: {
    exports: AccountExport;
    deletion: AccountDeletion;
    /** The session cookie's name, dropped once the account is gone. */
    sessionCookie: string;
  },
) {
  const { exports, deletion, sessionCookie } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account/export', { config: { auth: 'required' } }, async (request, reply) => {
    const { user } = requireSession(request);
    const { fileName, body } = await exports.exportJson(user.id, requestContext(request));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .send(body);
  });

  r.get('/api/account/export.zip', { config: { auth: 'required' } }, async (request, reply) => {
    const { user } = requireSession(request);
    const { fileName, stream } = await exports.exportZip(user.id, requestContext(request));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .send(stream);
  });

  r.post('/api/account/delete-data', { config: { auth: 'required' } }, async (request) => {
    const { user } = requireSession(request);
    await deletion.deleteData(user.id, requestContext(request));
    return { ok: true };
  });

  r.post(
    '/api/account/delete',
    { config: { auth: 'required' }, schema: { body: PasswordConfirmBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      await deletion.deleteAccount(user, request.body.password, requestContext(request));
      reply.clearCookie(sessionCookie, { path: '/' });
      return { ok: true };
    },
  );
}
