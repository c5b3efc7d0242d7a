import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkActionBodySchema,
  MAIL_MESSAGES,
  MailListQuerySchema,
  ReplyBodySchema,
  SaveDraftBodySchema,
  SendDraftBodySchema,
} from '@kaleido/shared/email/email.schemas';
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { signedInUserId } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { EmailAttachments } from './email-attachments';
import type { EmailDrafts } from './email-drafts';
import type { EmailFiling } from './email-filing';
import type { EmailReading } from './email-reading';
import type { EmailSending } from './email-sending';

/**
 * Mail reaches other people (a notification, maybe an email), so a runaway script or a stolen
 * session cannot flood them; someone writing letters stays far below it.
 */
export const MAIL_SEND_LIMIT: RateLimitRule = {
  bucket: 'mail-send',
  max: 30,
  windowSeconds: 10 * 60,
  message: MAIL_MESSAGES.sendTooFast,
};
/** Attachments are stored as they are chosen; the same reasoning bounds them. */
export const MAIL_UPLOAD_LIMIT: RateLimitRule = {
  bucket: 'mail-upload',
  max: 60,
  windowSeconds: 10 * 60,
  message: 'You are attaching files too fast. Please wait a few minutes and try again.',
};

const Id = z.object({ id: z.string() });

export function registerEmailRoutes(
  app: FastifyInstance,
  deps: {
    reading: EmailReading;
    filing: EmailFiling;
    drafts: EmailDrafts;
    sending: EmailSending;
    attachments: EmailAttachments;
    files: FilesService;
    rateLimits: RateLimitService;
  },
) {
  const { reading, filing, drafts, sending, attachments } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };

  r.get('/api/email/folders', { config: auth }, (request) =>
    reading.counts(signedInUserId(request)),
  );

  r.get(
    '/api/email/messages',
    { config: auth, schema: { querystring: MailListQuerySchema } },
    (request) => reading.list(signedInUserId(request), request.query),
  );

  r.get('/api/email/messages/:id', { config: auth, schema: { params: Id } }, (request) =>
    reading.get(signedInUserId(request), request.params.id),
  );

  r.post(
    '/api/email/messages/bulk',
    { config: auth, schema: { body: BulkActionBodySchema } },
    (request) => filing.act(signedInUserId(request), request.body.ids, request.body.action),
  );

  r.post(
    '/api/email/messages/:id/reply',
    { config: auth, schema: { params: Id, body: ReplyBodySchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await drafts.reply(signedInUserId(request), request.params.id, request.body.mode)),
  );

  r.delete('/api/email/trash', { config: auth }, (request) =>
    filing.emptyTrash(signedInUserId(request)),
  );

  r.get('/api/email/drafts/:id', { config: auth, schema: { params: Id } }, (request) =>
    drafts.getDraft(signedInUserId(request), request.params.id),
  );

  // Autosave: the client names the draft (a UUID it made), so a retried save is the same save.
  r.put(
    '/api/email/drafts/:id',
    { config: auth, schema: { params: Id, body: SaveDraftBodySchema } },
    (request) => drafts.saveDraft(signedInUserId(request), request.params.id, request.body),
  );

  r.delete(
    '/api/email/drafts/:id',
    { config: auth, schema: { params: Id } },
    async (request, reply) => {
      await drafts.discardDraft(signedInUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/email/drafts/:id/send',
    { config: auth, schema: { params: Id, body: SendDraftBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      await deps.rateLimits.consume(MAIL_SEND_LIMIT, userId);
      const result = await sending.send(userId, request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  r.post(
    '/api/email/drafts/:id/attachments',
    { config: auth, schema: { params: Id } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      await deps.rateLimits.consume(MAIL_UPLOAD_LIMIT, userId);
      const upload = await readUpload(request, {
        noFileMessage: MAIL_MESSAGES.noFile,
        fields: z.object({}),
      });
      const result = await attachments
        .attach(userId, request.params.id, upload)
        .finally(() => upload.stream.resume());
      return reply.status(201).send(result);
    },
  );

  r.delete(
    '/api/email/drafts/:id/attachments/:fileId',
    { config: auth, schema: { params: z.object({ id: z.string(), fileId: z.string() }) } },
    async (request, reply) => {
      await attachments.detach(signedInUserId(request), request.params.id, request.params.fileId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/email/attachments/:fileId',
    { config: auth, schema: { params: z.object({ fileId: z.string() }) } },
    async (request, reply) => {
      const file = await attachments.attachmentFor(signedInUserId(request), request.params.fileId);
      return sendFile(request, reply, await deps.files.open(file, request.log));
    },
  );
}
