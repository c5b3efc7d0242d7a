import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminRelationshipsQuerySchema,
  ProposeRelationshipBodySchema,
} from '@kaleido/shared/admin/admin.schemas';
import {
  ResearchExportQuerySchema,
  ResearchQuerySchema,
} from '@kaleido/shared/admin/research.schemas';
import type { CareAdmin } from '../care/care-admin.service';
import { adminOnly, type AdminGate } from './admin-access';
import type { AuditService } from './audit.service';
import { researchCsv, type ResearchService } from './research.service';

const IdParams = z.object({ id: z.uuid() });

/** Relationships (through the care service) and the research tools, for the console. */
export function registerConsoleRoutes(
  app: FastifyInstance,
  deps: {
    care: CareAdmin;
    research: ResearchService;
    audit: Pick<AuditService, 'record'>;
    requireAdmin: AdminGate;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { care, research, audit, requireAdmin } = deps;
  const guarded = adminOnly(requireAdmin);
  const actor = async (request: Parameters<AdminGate>[0]) => (await requireAdmin(request)).user.id;

  r.get(
    '/api/admin/relationships',
    { ...guarded, schema: { querystring: AdminRelationshipsQuerySchema } },
    (request) => care.adminList(request.query),
  );

  r.post(
    '/api/admin/relationships',
    { ...guarded, schema: { body: ProposeRelationshipBodySchema } },
    async (request, reply) => {
      const actorId = await actor(request);
      const created = await care.adminPropose(actorId, request.body);
      await audit.record({
        actorId,
        action: 'admin.relationship_proposed',
        targetUserId: created.personId,
        details: { relationshipId: created.id, professionalId: created.professionalId },
      });
      return reply.status(201).send({ id: created.id });
    },
  );

  r.delete(
    '/api/admin/relationships/:id',
    { ...guarded, schema: { params: IdParams } },
    async (request) => {
      const actorId = await actor(request);
      const ended = await care.adminEnd(actorId, request.params.id);
      await audit.record({
        actorId,
        action: 'admin.relationship_ended',
        targetUserId: ended.personId,
        details: { relationshipId: ended.id, professionalId: ended.professionalId },
      });
      return { ok: true };
    },
  );

  r.get(
    '/api/admin/research/aggregates',
    { ...guarded, schema: { querystring: ResearchQuerySchema } },
    async (request) => research.aggregates(await actor(request), request.query),
  );

  r.get(
    '/api/admin/research/export',
    { ...guarded, schema: { querystring: ResearchExportQuerySchema } },
    async (request, reply) => {
      const data = await research.export(await actor(request), request.query);
      const name = `research-${data.dataset.tag}-${data.dataset.generatedOn}`;
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(researchCsv(data));
      return reply.header('content-disposition', `attachment; filename="${name}.json"`).send(data);
    },
  );
}
