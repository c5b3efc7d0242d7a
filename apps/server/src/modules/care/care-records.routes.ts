import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccessLogQuerySchema,
  ConsentHistoryQuerySchema,
} from '@kaleido/shared/care/care-records.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { CareRecords } from './care-records.service';

const auth = { auth: 'required' as const };

/** The person's records (decision 040): who read what of their data, and every consent change. */
export function registerCareRecordRoutes(app: FastifyInstance, records: CareRecords) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/care/access-log',
    { config: auth, schema: { querystring: AccessLogQuerySchema } },
    async (request) => records.accessLog(signedInUserId(request), request.query),
  );

  r.get(
    '/api/care/consent-history',
    { config: auth, schema: { querystring: ConsentHistoryQuerySchema } },
    async (request) => records.consentHistory(signedInUserId(request), request.query),
  );
}
