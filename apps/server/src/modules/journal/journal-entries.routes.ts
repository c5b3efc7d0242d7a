import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateJournalEntryBodySchema,
  JournalCalendarQuerySchema,
  JournalListQuerySchema,
  UpdateJournalEntryBodySchema,
} from '@kaleido/shared/journal/journal.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { JournalCreate } from './journal-create';
import type { JournalEntries } from './journal-entries.service';
import { JOURNAL_LIMITS, type JournalLimits } from './journal-limits';
import type { JournalListing } from './journal-listing.service';
import type { JournalPromptsService } from './journal-prompts.service';

const IdParams = z.object({ id: z.uuid() });

/** Written entries: the timeline and calendar, writing, reading, editing, deleting, history. */
export function registerJournalEntriesRoutes(
  app: FastifyInstance,
  deps: {
    listing: JournalListing;
    create: JournalCreate;
    entries: JournalEntries;
    prompts: JournalPromptsService;
    limits: JournalLimits;
  },
) {
  const { listing, create, entries, prompts, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/journal/entries',
    { config: { auth: 'required' }, schema: { querystring: JournalListQuerySchema } },
    async (request) => listing.list(signedInUserId(request), request.query),
  );

  r.post(
    '/api/journal/entries',
    { config: { auth: 'required' }, schema: { body: CreateJournalEntryBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      // A retry of an entry already saved (same clientKey) answers it, before any limit counts.
      const earlier = await create.earlierCreate(userId, request.body);
      if (earlier) return reply.status(200).send(earlier);
      await limits.write(JOURNAL_LIMITS.entries, userId, request.body);
      const { entry, created } = await create.create(userId, request.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  r.get(
    '/api/journal/entries/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => entries.get(signedInUserId(request), request.params.id),
  );

  r.patch(
    '/api/journal/entries/:id',
    {
      config: { auth: 'required' },
      schema: { params: IdParams, body: UpdateJournalEntryBodySchema },
    },
    async (request) => {
      const userId = signedInUserId(request);
      await limits.write(JOURNAL_LIMITS.edits, userId, request.body);
      return entries.update(userId, request.params.id, request.body);
    },
  );

  r.delete(
    '/api/journal/entries/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => {
      await entries.remove(signedInUserId(request), request.params.id);
      return { ok: true };
    },
  );

  r.get(
    '/api/journal/entries/:id/history',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => ({
      versions: await entries.history(signedInUserId(request), request.params.id),
    }),
  );

  r.get('/api/journal/prompts', { config: { auth: 'required' } }, async (request) =>
    prompts.prompts(signedInUserId(request)),
  );

  r.get(
    '/api/journal/calendar',
    { config: { auth: 'required' }, schema: { querystring: JournalCalendarQuerySchema } },
    async (request) => listing.calendar(signedInUserId(request), request.query.month),
  );
}
