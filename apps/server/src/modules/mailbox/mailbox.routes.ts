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
} from '@kaleido/shared/mailbox/mailbox.schemas';
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { signedInUserId } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { MailboxService } from './mailbox.service';

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

export function registerMailboxRoutes(
  app: FastifyInstance,
  deps: { mailbox: MailboxService; files: FilesService; rateLimits: RateLimitService },
) {
  const { mailbox } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };

  r.get('/api/mail/folders', { config: auth }, (request) =>
    mailbox.counts(signedInUserId(request)),
  );

  r.get(
    '/api/mail/messages',
    { config: auth, schema: { querystring: MailListQuerySchema } },
    (request) => mailbox.list(signedInUserId(request), request.query),
  );

  r.get('/api/mail/messages/:id', { config: auth, schema: { params: Id } }, (request) =>
    mailbox.get(signedInUserId(request), request.params.id),
  );

  r.post(
    '/api/mail/messages/bulk',
    { config: auth, schema: { body: BulkActionBodySchema } },
    (request) => mailbox.act(signedInUserId(request), request.body.ids, request.body.action),
  );

  r.post(
    '/api/mail/messages/:id/reply',
    { config: auth, schema: { params: Id, body: ReplyBodySchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await mailbox.reply(signedInUserId(request), request.params.id, request.body.mode)),
  );

  r.delete('/api/mail/trash', { config: auth }, (request) =>
    mailbox.emptyTrash(signedInUserId(request)),
  );

  r.get('/api/mail/drafts/:id', { config: auth, schema: { params: Id } }, (request) =>
    mailbox.getDraft(signedInUserId(request), request.params.id),
  );

  // Autosave: the client names the draft (a UUID it made), so a retried save is the same save.
  r.put(
    '/api/mail/drafts/:id',
    { config: auth, schema: { params: Id, body: SaveDraftBodySchema } },
    (request) => mailbox.saveDraft(signedInUserId(request), request.params.id, request.body),
  );

  r.delete(
    '/api/mail/drafts/:id',
    { config: auth, schema: { params: Id } },
    async (request, reply) => {
      await mailbox.discardDraft(signedInUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/mail/drafts/:id/send',
    { config: auth, schema: { params: Id, body: SendDraftBodySchema } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      await deps.rateLimits.consume(MAIL_SEND_LIMIT, userId);
      const result = await mailbox.send(userId, request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  r.post(
    '/api/mail/drafts/:id/attachments',
    { config: auth, schema: { params: Id } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      await deps.rateLimits.consume(MAIL_UPLOAD_LIMIT, userId);
      const upload = await readUpload(request, {
        noFileMessage: MAIL_MESSAGES.noFile,
        fields: z.object({}),
      });
      const result = await mailbox
        .attach(userId, request.params.id, upload)
        .finally(() => upload.stream.resume());
      return reply.status(201).send(result);
    },
  );

  r.delete(
    '/api/mail/drafts/:id/attachments/:fileId',
    { config: auth, schema: { params: z.object({ id: z.string(), fileId: z.string() }) } },
    async (request, reply) => {
      await mailbox.detach(signedInUserId(request), request.params.id, request.params.fileId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/mail/attachments/:fileId',
    { config: auth, schema: { params: z.object({ fileId: z.string() }) } },
    async (request, reply) => {
      const file = await mailbox.attachmentFor(signedInUserId(request), request.params.fileId);
      return sendFile(request, reply, await deps.files.open(file, request.log));
    },
  );
}
