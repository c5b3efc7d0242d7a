import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CareScopeSchema,
  ConsentBodySchema,
  InviteBodySchema,
} from '@kaleido/shared/care/care.schemas';
import { CareAlertsQuerySchema } from '@kaleido/shared/care/care-alerts.schemas';
import { CareNoteBodySchema } from '@kaleido/shared/care/care-notes.schemas';
import {
  AccessLogQuerySchema,
  ConsentHistoryQuerySchema,
} from '@kaleido/shared/care/care-records.schemas';
import { CareReportQuerySchema } from '@kaleido/shared/care/care-reports.schemas';
import { requireSession, signedInUserId } from '../../http/session-guard';
import type { PdfExports } from '../../pdf/pdf-exports';
import type { CareAlerts } from './care-alerts.service';
import { reportCsv, reportPdf } from './care-report-writers';
import type { CareReports } from './care-reports.service';
import type { CareService } from './care.service';

const IdParams = z.object({ id: z.uuid() });
const PersonParams = z.object({ userId: z.uuid() });
const ConsentParams = z.object({ id: z.uuid(), scope: CareScopeSchema });
const auth = { auth: 'required' as const };

function sendReport(reply: FastifyReply, name: string, type: 'pdf' | 'csv', body: string | Buffer) {
  return reply
    .header('content-type', type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${type}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

import type { CareInvitations } from './care-invitations';
/** The person's side (relationships, consent, access log, consent history) and the professional's (/client). */
export function registerCareRoutes(
  app: FastifyInstance,
  care: CareService & {
    alerts: CareAlerts;
    reports: CareReports;
    invitations: CareInvitations;
  },
  pdfs: PdfExports,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/care/relationships', { config: auth }, async (request) =>
    care.list(signedInUserId(request)),
  );

  r.post(
    '/api/care/relationships',
    { config: auth, schema: { body: InviteBodySchema } },
    // 202 and one sentence, whether or not the address has an account (decision 045).
    async (request, reply) =>
      reply
        .code(202)
        .send(await care.invitations.request(requireSession(request).user, request.body)),
  );

  for (const [verb, answer] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const)
    r.post(
      `/api/care/relationships/:id/${verb}`,
      { config: auth, schema: { params: IdParams } },
      async (request) => care.respond(signedInUserId(request), request.params.id, answer),
    );

  r.delete(
    '/api/care/relationships/:id',
    { config: auth, schema: { params: IdParams } },
    async (request) => care.end(signedInUserId(request), request.params.id),
  );

  r.put(
    '/api/care/relationships/:id/consents/:scope',
    { config: auth, schema: { params: ConsentParams, body: ConsentBodySchema } },
    async (request) =>
      care.setConsent(
        signedInUserId(request),
        request.params.id,
        request.params.scope,
        request.body,
      ),
  );

  r.get(
    '/api/care/access-log',
    { config: auth, schema: { querystring: AccessLogQuerySchema } },
    async (request) => care.accessLog(signedInUserId(request), request.query),
  );

  r.get(
    '/api/care/consent-history',
    { config: auth, schema: { querystring: ConsentHistoryQuerySchema } },
    async (request) => care.consentHistory(signedInUserId(request), request.query),
  );

  r.get('/api/care/dashboard', { config: auth }, async (request) =>
    care.dashboard(signedInUserId(request)),
  );

  r.post('/api/care/ethical-use', { config: auth }, async (request) =>
    care.confirmEthicalUse(signedInUserId(request)),
  );

  r.get('/api/care/people', { config: auth }, async (request) => ({
    people: await care.people(signedInUserId(request)),
  }));

  // What a professional reads of one person: each read is the same shape (the person's id in,
  // the service's answer out); consent, 404 and the access log are the service's business.
  const personReads = [
    ['', 'person'],
    ['/profile', 'profile'],
    ['/insights', 'insights'],
    ['/mood', 'moodTrend'],
    ['/entries', 'sharedEntries'],
    ['/transcripts', 'transcripts'],
    ['/notes', 'notes'],
  ] as const satisfies readonly (readonly [string, keyof CareService])[];
  for (const [path, read] of personReads)
    r.get(
      `/api/care/people/:userId${path}`,
      { config: auth, schema: { params: PersonParams } },
      async (request) => care[read](signedInUserId(request), request.params.userId),
    );

  r.post(
    '/api/care/people/:userId/notes',
    { config: auth, schema: { params: PersonParams, body: CareNoteBodySchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await care.addNote(signedInUserId(request), request.params.userId, request.body.content),
        ),
  );

  r.patch(
    '/api/care/notes/:id',
    { config: auth, schema: { params: IdParams, body: CareNoteBodySchema } },
    async (request) =>
      care.updateNote(signedInUserId(request), request.params.id, request.body.content),
  );

  r.delete('/api/care/notes/:id', { config: auth, schema: { params: IdParams } }, async (request) =>
    care.deleteNote(signedInUserId(request), request.params.id),
  );

  r.get(
    '/api/care/alerts',
    { config: auth, schema: { querystring: CareAlertsQuerySchema } },
    async (request) => care.alerts.list(signedInUserId(request), request.query),
  );

  for (const [verb, answer] of [
    ['acknowledge', 'acknowledged'],
    ['dismiss', 'dismissed'],
  ] as const)
    r.post(
      `/api/care/alerts/:id/${verb}`,
      { config: auth, schema: { params: IdParams } },
      async (request) => care.alerts.answer(signedInUserId(request), request.params.id, answer),
    );

  for (const type of ['pdf', 'csv'] as const)
    r.get(
      `/api/care/people/:userId/report.${type}`,
      { config: auth, schema: { params: PersonParams, querystring: CareReportQuerySchema } },
      async (request, reply) => {
        const build = () =>
          care.reports.build(signedInUserId(request), request.params.userId, request.query);
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
