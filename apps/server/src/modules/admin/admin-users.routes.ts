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
import type { AdminUserAccess } from './admin-user-access';
import type { AdminUserLifecycle } from './admin-user-lifecycle';
import type { AdminUserReads } from './admin-user-reads';

const IdParams = z.object({ id: z.uuid() });

/** Accounts in the console: list, a person's admin view, and the actions on an account. */
export function registerAdminUsersRoutes(
  app: FastifyInstance,
  deps: {
    reads: AdminUserReads;
    access: AdminUserAccess;
    lifecycle: AdminUserLifecycle;
    requireAdmin: AdminGate;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reads, access, lifecycle, requireAdmin } = deps;
  const guarded = adminOnly(requireAdmin);
  const actor = async (request: Parameters<AdminGate>[0]) => (await requireAdmin(request)).user.id;

  r.get(
    '/api/admin/users',
    { ...guarded, schema: { querystring: UserListQuerySchema } },
    (request) => reads.list(request.query),
  );

  r.post(
    '/api/admin/users',
    { ...guarded, schema: { body: CreateAccountBodySchema } },
    async (request, reply) => {
      const created = await lifecycle.create(await actor(request), request.body);
      return reply.status(201).send(created);
    },
  );

  r.get('/api/admin/users/:id', { ...guarded, schema: { params: IdParams } }, (request) =>
    reads.detail(request.params.id),
  );

  r.put(
    '/api/admin/users/:id/role',
    { ...guarded, schema: { params: IdParams, body: ChangeRoleBodySchema } },
    async (request) =>
      access.changeRole(await actor(request), request.params.id, request.body.role),
  );

  r.put(
    '/api/admin/users/:id/cohort',
    { ...guarded, schema: { params: IdParams, body: CohortBodySchema } },
    async (request) =>
      access.setCohort(await actor(request), request.params.id, request.body.cohort),
  );

  r.post(
    '/api/admin/users/:id/disable',
    { ...guarded, schema: { params: IdParams } },
    async (request) => access.setDisabled(await actor(request), request.params.id, true),
  );

  r.post(
    '/api/admin/users/:id/enable',
    { ...guarded, schema: { params: IdParams } },
    async (request) => access.setDisabled(await actor(request), request.params.id, false),
  );

  r.post(
    '/api/admin/users/:id/sign-out',
    { ...guarded, schema: { params: IdParams } },
    async (request) => access.signOut(await actor(request), request.params.id),
  );

  r.post(
    '/api/admin/users/:id/resend-verification',
    { ...guarded, schema: { params: IdParams } },
    async (request) => lifecycle.resendVerification(await actor(request), request.params.id),
  );

  r.delete(
    '/api/admin/users/:id',
    { ...guarded, schema: { params: IdParams } },
    async (request) => {
      await lifecycle.remove(await actor(request), request.params.id);
      return { ok: true };
    },
  );
}
