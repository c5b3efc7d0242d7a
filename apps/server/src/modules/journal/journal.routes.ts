import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOURNAL_MESSAGES } from '@kaleido/shared/journal/journal.constants';
import {
  CreateJournalEntryBodySchema,
  CreateJournalTagBodySchema,
  CreateVoiceJournalEntryFieldsSchema,
  JournalCalendarQuerySchema,
  JournalDraftBodySchema,
  JournalDraftKeySchema,
  JournalExportQuerySchema,
  JournalListQuerySchema,
  MergeJournalTagBodySchema,
  RenameJournalTagBodySchema,
  UpdateJournalEntryBodySchema,
} from '@kaleido/shared/journal/journal.schemas';
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { requireSession, signedInUserId } from '../../http/session-guard';
import type { PdfExports } from '../../pdf/pdf-exports';
import type { FilesService } from '../files/files.service';
import { journalMarkdown, journalPdf } from './journal-export';
import { JOURNAL_LIMITS, type JournalLimits } from './journal-limits';
import type { JournalDraftsService } from './journal-drafts.service';
import type { JournalTagsService } from './journal-tags.service';
import type { JournalService } from './journal.service';

const IdParams = z.object({ id: z.uuid() });
const DraftParams = z.object({ key: JournalDraftKeySchema });

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

export function registerJournalRoutes(
  app: FastifyInstance,
  services: {
    journal: JournalService;
    tags: JournalTagsService;
    drafts: JournalDraftsService;
    files: Pick<FilesService, 'open'>;
    limits: JournalLimits;
    pdfs: PdfExports;
  },
) {
  const { journal, tags, drafts, files, limits, pdfs } = services;
  /** Markdown is built here (cheap); a PDF goes through the export rules and a worker thread. */
  async function exportBody(
    userId: string,
    type: 'md' | 'pdf',
    range: { id?: string; from?: string | undefined; to?: string | undefined },
    headingOf: (entries: { title: string }[]) => string,
  ) {
    const read = async () => {
      const { timezone, entries } = await journal.forExport(userId, range);
      return { heading: headingOf(entries), entries, timezone };
    };
    if (type === 'md') {
      const { heading, entries, timezone } = await read();
      return journalMarkdown(heading, entries, timezone);
    }
    return pdfs.render(
      userId,
      async () => {
        const { heading, entries, timezone } = await read();
        return journalPdf(heading, entries, timezone);
      },
      () => journal.exportTextBytes(userId, range),
    );
  }
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/journal/entries',
    { config: { auth: 'required' }, schema: { querystring: JournalListQuerySchema } },
    async (request) => journal.list(signedInUserId(request), request.query),
  );

  r.post(
    '/api/journal/entries',
    { config: { auth: 'required' }, schema: { body: CreateJournalEntryBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      // A retry of an entry already saved (same clientKey) answers it, before any limit counts.
      const earlier = await journal.earlierCreate(userId, request.body);
      if (earlier) return reply.status(200).send(earlier);
      await limits.write(JOURNAL_LIMITS.entries, userId, request.body);
      const { entry, created } = await journal.create(userId, request.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  // Multipart: the fields (title, mood, privacyLevel, tags, durationMs) first, then the audio.
  r.post('/api/journal/voice-entries', { config: { auth: 'required' } }, async (request, reply) => {
    const { user } = requireSession(request);
    await limits.pace(JOURNAL_LIMITS.voiceEntries, user.id);
    const upload = await readUpload(request, {
      noFileMessage: JOURNAL_MESSAGES.noAudioFile,
      fields: CreateVoiceJournalEntryFieldsSchema,
    });
    const entry = await journal.createVoice(user.id, {
      ...upload.fields,
      filename: upload.filename,
      stream: upload.stream,
    });
    return reply.status(201).send(entry);
  });

  r.get(
    '/api/journal/entries/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => journal.get(signedInUserId(request), request.params.id),
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
      return journal.update(userId, request.params.id, request.body);
    },
  );

  r.delete(
    '/api/journal/entries/:id',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => {
      await journal.remove(signedInUserId(request), request.params.id);
      return { ok: true };
    },
  );

  r.get(
    '/api/journal/entries/:id/history',
    { config: { auth: 'required' }, schema: { params: IdParams } },
    async (request) => ({
      versions: await journal.history(signedInUserId(request), request.params.id),
    }),
  );

  r.get(
    '/api/journal/entries/:id/audio',
    {
      config: { auth: 'required' },
      schema: { params: IdParams, querystring: z.object({ download: z.enum(['1']).optional() }) },
    },
    async (request, reply) => {
      const file = await journal.audioOf(signedInUserId(request), request.params.id);
      return sendFile(
        request,
        reply,
        await files.open(file, request.log),
        request.query.download === '1' ? 'attachment' : 'inline',
      );
    },
  );

  for (const type of ['md', 'pdf'] as const) {
    r.get(
      `/api/journal/entries/:id/export.${type}`,
      { config: { auth: 'required' }, schema: { params: IdParams } },
      async (request, reply) => {
        const body = await exportBody(
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
        const body = await exportBody(signedInUserId(request), type, { from, to }, () => heading);
        return sendExport(reply, heading.toLowerCase().replace(/\s+/g, '-'), type, body);
      },
    );
  }

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

  r.get('/api/journal/prompts', { config: { auth: 'required' } }, async (request) =>
    journal.prompts(signedInUserId(request)),
  );

  r.get(
    '/api/journal/calendar',
    { config: { auth: 'required' }, schema: { querystring: JournalCalendarQuerySchema } },
    async (request) => journal.calendar(signedInUserId(request), request.query.month),
  );
}
