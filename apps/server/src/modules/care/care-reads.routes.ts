import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUserId } from '../../http/session-guard';
import type { CareDashboardReads } from './care-dashboard.service';
import type { CareReads } from './care-reads.service';

const PersonParams = z.object({ userId: z.uuid() });
const auth = { auth: 'required' as const };

/** The professional's side (/client): their home, and what they read of one person. */
export function registerCareReadRoutes(
  app: FastifyInstance,
  deps: { dashboard: CareDashboardReads; reads: CareReads },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dashboard, reads } = deps;

  r.get('/api/care/dashboard', { config: auth }, async (request) =>
    dashboard.dashboard(signedInUserId(request)),
  );

  r.post('/api/care/ethical-use', { config: auth }, async (request) =>
    dashboard.confirmEthicalUse(signedInUserId(request)),
  );

  r.get('/api/care/people', { config: auth }, async (request) => ({
    people: await dashboard.people(signedInUserId(request)),
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
  ] as const satisfies readonly (readonly [string, keyof CareReads])[];
  for (const [path, read] of personReads)
    r.get(
      `/api/care/people/:userId${path}`,
      { config: auth, schema: { params: PersonParams } },
      async (request) => reads[read](signedInUserId(request), request.params.userId),
    );
}
