import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JournalExportQuerySchema } from '@kaleido/shared/journal/journal.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { JournalExport } from './journal-export.service';

const IdParams = z.object({ id: z.uuid() });

function sendExport(reply: FastifyReply, name: string, type: 'md' | 'pdf', body: string | Buffer) {
  return reply
    .header('content-type', type === 'md' ? 'text/markdown; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}.${type}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

const periodName = (from?: string, to?: string) =>
  from || to
    ? `Journal ${from?.slice(0, 10) ?? 'start'} to ${to?.slice(0, 10) ?? 'today'}`
    : 'Journal';

/** Downloads: one entry, or a period of the journal, as Markdown or PDF. */
export function registerJournalExportRoutes(
  app: FastifyInstance,
  deps: { exporting: JournalExport },
) {
  const { exporting } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const type of ['md', 'pdf'] as const) {
    r.get(
      `/api/journal/entries/:id/export.${type}`,
      { config: { auth: 'required' }, schema: { params: IdParams } },
      async (request, reply) => {
        const body = await exporting.document(
          signedInUserId(request),
          type,
          { id: request.params.id },
          (entries) => entries[0]?.title ?? 'Journal entry',
        );
        return sendExport(reply, `journal-entry-${request.params.id}`, type, body);
      },
    );

    r.get(
      `/api/journal/export.${type}`,
      { config: { auth: 'required' }, schema: { querystring: JournalExportQuerySchema } },
      async (request, reply) => {
        const { from, to } = request.query;
        const heading = periodName(from, to);
        const body = await exporting.document(
          signedInUserId(request),
          type,
          { from, to },
          () => heading,
        );
        return sendExport(reply, heading.toLowerCase().replace(/\s+/g, '-'), type, body);
      },
    );
  }
}
