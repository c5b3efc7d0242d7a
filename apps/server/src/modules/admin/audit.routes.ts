import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListQuerySchema } from '@kaleido/shared/admin/admin.schemas';
import { adminOnly, type AdminGate } from './admin-access';
import type { AuditService } from './audit.service';

/** The audit view (read only: no route here or anywhere changes or removes a row). */
export function registerAuditRoutes(
  app: FastifyInstance,
  deps: { audit: AuditService; requireAdmin: AdminGate },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminOnly(deps.requireAdmin);

  r.get(
    '/api/admin/audit',
    { ...guarded, schema: { querystring: AuditListQuerySchema } },
    (request) => deps.audit.list(request.query),
  );

  r.get(
    '/api/admin/audit.csv',
    { ...guarded, schema: { querystring: AuditListQuerySchema } },
    async (request, reply) => {
      const { user } = await deps.requireAdmin(request);
      const { page: _page, pageSize: _size, ...filters } = request.query;
      const csv = await deps.audit.csv(filters);
      await deps.audit.record({
        actorId: user.id,
        action: 'admin.audit_exported',
        details: { filters },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
