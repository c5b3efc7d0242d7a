import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JournalDraftBodySchema,
  JournalDraftKeySchema,
} from '@kaleido/shared/journal/journal.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { JournalDraftsService } from './journal-drafts.service';
import { JOURNAL_LIMITS, type JournalLimits } from './journal-limits';

const DraftParams = z.object({ key: JournalDraftKeySchema });

/** Autosaved drafts, of a new entry ('new') or of an entry being edited (its id). */
export function registerJournalDraftsRoutes(
  app: FastifyInstance,
  deps: { drafts: JournalDraftsService; limits: JournalLimits },
) {
  const { drafts, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/journal/drafts/:key',
    { config: { auth: 'required' }, schema: { params: DraftParams } },
    async (request) => drafts.find(signedInUserId(request), request.params.key),
  );

  r.put(
    '/api/journal/drafts/:key',
    { config: { auth: 'required' }, schema: { params: DraftParams, body: JournalDraftBodySchema } },
    async (request) => {
      const userId = signedInUserId(request);
      await limits.write(JOURNAL_LIMITS.drafts, userId, request.body);
      return drafts.save(userId, request.params.key, request.body);
    },
  );

  r.delete(
    '/api/journal/drafts/:key',
    { config: { auth: 'required' }, schema: { params: DraftParams } },
    async (request) => {
      await drafts.remove(signedInUserId(request), request.params.key);
      return { ok: true };
    },
  );
}
