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
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { requireSession, signedInUserId } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { ChatConversations } from './chat-conversations';
import type { ChatReading } from './chat-reading';
import type { ChatSending } from './chat-sending';

/**
 * Messages reach another person (a notification, maybe an email), so a runaway script or a
 * stolen session cannot flood them. Text, files and voice share one budget; a person typing
 * fast stays far below it.
 */
export const CHAT_SEND_LIMIT: RateLimitRule = {
  bucket: 'chat-send',
  max: 60,
  windowSeconds: 60,
  message: 'You are sending messages too fast. Please wait a minute and try again.',
};

const ConversationParams = z.object({ id: z.string() });

/** A file message: the optional `clientId` field (a retry answers the original), then the file. */
const readChatUpload = async (request: FastifyRequest) => {
  const upload = await readUpload(request, {
    noFileMessage: CHAT_MESSAGES.noFile,
    fields: z.object({ clientId: z.uuid('clientId must be a UUID').optional() }),
  });
  return { ...upload, clientId: upload.fields.clientId };
};

/** 201 for a new message, 200 when a retried clientId answers the original. */
export function registerChatRoutes(
  app: FastifyInstance,
  deps: {
    conversations: ChatConversations;
    reading: ChatReading;
    sending: ChatSending;
    files: FilesService;
    rateLimits: RateLimitService;
  },
) {
  const { conversations, reading, sending } = deps;
  // Counted before the body is read: a refused upload is never stored.
  const countSend = (userId: string) => deps.rateLimits.consume(CHAT_SEND_LIMIT, userId);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/chat/conversations', { config: { auth: 'required' } }, async (request) =>
    conversations.listConversations(signedInUserId(request)),
  );

  r.post(
    '/api/chat/conversations',
    { config: { auth: 'required' }, schema: { body: CreateConversationBodySchema } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const { conversation, created } = await conversations.createConversation(
        user.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ conversation });
    },
  );

  r.get(
    '/api/chat/conversations/:id',
    { config: { auth: 'required' }, schema: { params: ConversationParams } },
    (request) => conversations.getConversation(signedInUserId(request), request.params.id),
  );

  r.get(
    '/api/chat/conversations/:id/messages',
    {
      config: { auth: 'required' },
      schema: { params: ConversationParams, querystring: MessagesQuerySchema },
    },
    (request) => reading.listMessages(signedInUserId(request), request.params.id, request.query),
  );

  r.post(
    '/api/chat/conversations/:id/messages',
    {
      config: { auth: 'required' },
      schema: { params: ConversationParams, body: SendMessageBodySchema },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      await countSend(user.id);
      const result = await sending.sendMessage(user.id, request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send({ message: result.message });
    },
  );

  // A file and a voice message are both one upload sent as a message; only what it becomes differs
  // (and a voice message is a recording: refused while the instance has audio input off).
  const uploads = [
    ['attachments', 'sendAttachment', []],
    ['voice', 'sendVoiceMessage', ['audio_input']],
  ] as const;
  for (const [path, method, requires] of uploads)
    r.post(
      `/api/chat/conversations/:id/${path}`,
      { config: { auth: 'required', requires }, schema: { params: ConversationParams } },
      async (request, reply) => {
        const { user } = requireSession(request);
        await countSend(user.id);
        const upload = await readChatUpload(request);
        const result = await sending[method](user.id, request.params.id, upload).finally(() =>
          upload.stream.resume(),
        );
        return reply.status(result.created ? 201 : 200).send({ message: result.message });
      },
    );

  r.post(
    '/api/chat/conversations/:id/read',
    {
      config: { auth: 'required' },
      schema: { params: ConversationParams, body: MarkReadBodySchema },
    },
    (request) => reading.markRead(signedInUserId(request), request.params.id, request.body.seq),
  );

  r.post(
    '/api/chat/conversations/:id/typing',
    {
      config: { auth: 'required' },
      schema: { params: ConversationParams, body: TypingBodySchema },
    },
    async (request) => {
      const { user } = requireSession(request);
      await reading.setTyping(user.id, request.params.id, request.body.typing);
      return { ok: true };
    },
  );

  r.get(
    '/api/chat/media/:fileId',
    { config: { auth: 'required' }, schema: { params: z.object({ fileId: z.string() }) } },
    async (request, reply) => {
      const { user } = requireSession(request);
      const file = await reading.mediaFor(user.id, request.params.fileId);
      return sendFile(request, reply, await deps.files.open(file, request.log));
    },
  );
}
