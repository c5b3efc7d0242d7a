import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateJournalTagBodySchema,
  MergeJournalTagBodySchema,
  RenameJournalTagBodySchema,
} from '@kaleido/shared/journal/journal.schemas';
import { signedInUserId } from '../../http/session-guard';
import { JOURNAL_LIMITS, type JournalLimits } from './journal-limits';
import type { JournalTagsService } from './journal-tags.service';

const IdParams = z.object({ id: z.uuid() });

/** A person's tags: listed with counts, created ahead, renamed, merged, removed. */
export function registerJournalTagsRoutes(
  app: FastifyInstance,
  deps: { tags: JournalTagsService; limits: JournalLimits },
) {
  const { tags, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/journal/tags', { config: { auth: 'required' } }, async (request) => ({
    tags: await tags.list(signedInUserId(request)),
  }));

  r.post(
    '/api/journal/tags',
    { config: { auth: 'required' }, schema: { body: CreateJournalTagBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      await limits.write(JOURNAL_LIMITS.tags, userId, request.body);
      return reply.status(201).send(await tags.create(userId, request.body.name));
    },
  );

  r.patch(
    '/api/journal/tags/:id',
    {
      config: { auth: 'required' },
      schema: { params: IdParams, body: RenameJournalTagBodySchema },
    },
    async (request) => {
      const userId = signedInUserId(request);
      await limits.write(JOURNAL_LIMITS.tags, userId, request.body);
      return tags.rename(userId, request.params.id, request.body.name);
    },
  );

  r.post(
    '/api/journal/tags/:id/merge',
    { config: { auth: 'required' }, schema: { params: IdParams, body: MergeJournalTagBodySchema } },
    async (request) => {
      const userId = signedInUserId(request);
      await limits.pace(JOURNAL_LIMITS.tags, userId);
      return tags.merge(userId, request.params.id, request.body.intoTagId);
    },
  );

  r.delete(
    '/api/journal/tags/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => {
      await tags.remove(signedInUserId(request), request.params.id);
      return { ok: true };
    },
  );
}
