import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CareReportQuerySchema } from '@kaleido/shared/care/care-reports.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { PdfExports } from '../../pdf/pdf-exports';
import { reportCsv, reportPdf } from './care-report-writers';
import type { CareReports } from './care-reports.service';

const PersonParams = z.object({ userId: z.uuid() });
const auth = { auth: 'required' as const };

function sendReport(reply: FastifyReply, name: string, type: 'pdf' | 'csv', body: string | Buffer) {
  return reply
    .header('content-type', type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${type}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** A report of one person over one period, as PDF or CSV. */
export function registerCareReportRoutes(
  app: FastifyInstance,
  deps: { reports: CareReports; pdfs: PdfExports },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports, pdfs } = deps;

  for (const type of ['pdf', 'csv'] as const)
    r.get(
      `/api/care/people/:userId/report.${type}`,
      { config: auth, schema: { params: PersonParams, querystring: CareReportQuerySchema } },
      async (request, reply) => {
        const build = () =>
          reports.build(signedInUserId(request), request.params.userId, request.query);
        if (type === 'csv') {
          const report = await build();
          return sendReport(reply, `report-${report.from}-${report.to}`, type, reportCsv(report));
        }
        // The professional's one export at a time; the report is read inside that turn.
        let name = 'report';
        const body = await pdfs.render(signedInUserId(request), async () => {
          const report = await build();
          name = `report-${report.from}-${report.to}`;
          return reportPdf(report);
        });
        return sendReport(reply, name, type, body);
      },
    );
}
