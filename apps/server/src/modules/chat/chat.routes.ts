import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MESSAGES,
  CreateConversationBodySchema,
  MarkReadBodySchema,
  MessagesQuerySchema,
  SendMessageBodySchema,
  TypingBodySchema,
} from '@kaleido/shared/chat/chat.schemas';
import { badRequest } from '../../http/errors';
import { requireSession } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import type { ChatService } from './chat.service';

const ConversationParams = z.object({ id: z.string() });

/** The multipart file part, with the optional `clientId` field sent before it. */
async function readUpload(request: FastifyRequest) {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (!part) throw badRequest(CHAT_MESSAGES.noFile, undefined, 'NO_FILE');
  const field = part.fields.clientId;
  const raw = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  const clientId = raw === undefined ? undefined : z.uuid().safeParse(raw).data;
  if (raw !== undefined && !clientId) {
    part.file.resume();
    throw badRequest('clientId must be a UUID', undefined, 'VALIDATION');
  }
  return { filename: part.filename, stream: part.file, clientId };
}

/** 201 for a new message, 200 when a retried clientId answers the original. */
export function registerChatRoutes(
  app: FastifyInstance,
  deps: { chat: ChatService; files: FilesService },
) {
  const { chat } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/chat/conversations', async (request) =>
    chat.listConversations(requireSession(request).user.id),
  );

  r.post(
    '/api/chat/conversations',
    { schema: { body: CreateConversationBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const { conversation, created } = await chat.createConversation(user.id, request.body);
      return reply.status(created ? 201 : 200).send({ conversation });
    },
  );

  r.get('/api/chat/conversations/:id', { schema: { params: ConversationParams } }, (request) =>
    chat.getConversation(requireSession(request).user.id, request.params.id),
  );

  r.get(
    '/api/chat/conversations/:id/messages',
    { schema: { params: ConversationParams, querystring: MessagesQuerySchema } },
    (request) =>
      chat.listMessages(requireSession(request).user.id, request.params.id, request.query),
  );

  r.post(
    '/api/chat/conversations/:id/messages',
    { schema: { params: ConversationParams, body: SendMessageBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const result = await chat.sendMessage(user.id, request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  r.post(
    '/api/chat/conversations/:id/attachments',
    { schema: { params: ConversationParams } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const upload = await readUpload(request);
      const result = await chat
        .sendAttachment(user.id, request.params.id, upload)
        .finally(() => upload.stream.resume());
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  r.post(
    '/api/chat/conversations/:id/voice',
    { schema: { params: ConversationParams } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const upload = await readUpload(request);
      const result = await chat
        .sendVoiceMessage(user.id, request.params.id, upload)
        .finally(() => upload.stream.resume());
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  r.post(
    '/api/chat/conversations/:id/read',
    { schema: { params: ConversationParams, body: MarkReadBodySchema } },
    (request) =>
      chat.markRead(requireSession(request).user.id, request.params.id, request.body.seq),
  );

  r.post(
    '/api/chat/conversations/:id/typing',
    { schema: { params: ConversationParams, body: TypingBodySchema } },
    async (request) => {
      const { user } = requireSession(request);
      await chat.setTyping(user.id, request.params.id, request.body.typing);
      return { ok: true };
    },
  );

  r.get(
    '/api/chat/media/:fileId',
    { schema: { params: z.object({ fileId: z.string() }) } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const file = await chat.mediaFor(user.id, request.params.fileId);
      return deps.files.send(request, reply, file);
    },
  );
}
