import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeRoleBodySchema,
  CohortBodySchema,
  CreateAccountBodySchema,
  UserListQuerySchema,
} from '@kaleido/shared/admin/admin.schemas';
import { adminOnly, type AdminGate } from './admin-access';
import type { AdminUsersService } from './admin-users.service';

const IdParams = z.object({ id: z.uuid() });

/** Accounts in the console: list, a person's admin view, and the actions on an account. */
export function registerAdminUsersRoutes(
  app: FastifyInstance,
  deps: { users: AdminUsersService; requireAdmin: AdminGate },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users, requireAdmin } = deps;
  const guarded = adminOnly(requireAdmin);
  const actor = async (request: Parameters<AdminGate>[0]) => (await requireAdmin(request)).user.id;

  r.get(
    '/api/admin/users',
    { ...guarded, schema: { querystring: UserListQuerySchema } },
    (request) => users.list(request.query),
  );

  r.post(
    '/api/admin/users',
    { ...guarded, schema: { body: CreateAccountBodySchema } },
    async (request, reply) => {
      const created = await users.create(await actor(request), request.body);
      return reply.status(201).send(created);
    },
  );

  r.get('/api/admin/users/:id', { ...guarded, schema: { params: IdParams } }, (request) =>
    users.detail(request.params.id),
  );

  r.put(
    '/api/admin/users/:id/role',
    { ...guarded, schema: { params: IdParams, body: ChangeRoleBodySchema } },
    async (request) => users.changeRole(await actor(request), request.params.id, request.body.role),
  );

  r.put(
    '/api/admin/users/:id/cohort',
    { ...guarded, schema: { params: IdParams, body: CohortBodySchema } },
    async (request) =>
      users.setCohort(await actor(request), request.params.id, request.body.cohort),
  );

  r.post(
    '/api/admin/users/:id/disable',
    { ...guarded, schema: { params: IdParams } },
    async (request) => users.setDisabled(await actor(request), request.params.id, true),
  );

  r.post(
    '/api/admin/users/:id/enable',
    { ...guarded, schema: { params: IdParams } },
    async (request) => users.setDisabled(await actor(request), request.params.id, false),
  );

  r.post(
    '/api/admin/users/:id/sign-out',
    { ...guarded, schema: { params: IdParams } },
    async (request) => users.signOut(await actor(request), request.params.id),
  );

  r.post(
    '/api/admin/users/:id/resend-verification',
    { ...guarded, schema: { params: IdParams } },
    async (request) => users.resendVerification(await actor(request), request.params.id),
  );

  r.delete(
    '/api/admin/users/:id',
    { ...guarded, schema: { params: IdParams } },
    async (request) => {
      await users.remove(await actor(request), request.params.id);
      return { ok: true };
    },
  );
}
