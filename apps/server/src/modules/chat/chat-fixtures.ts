import { randomUUID } from 'node:crypto';
import type { Conversation, Message } from '@kaleido/shared/chat/chat.schemas';
import { CSRF_HEADER } from '@kaleido/shared/http/api-error';
import { signedInClient, uniqueEmail } from '../../../test/accounts-fixtures';
import type { TestClient, TestResponse } from '../../../test/http-client';
import type { TestApp } from '../../../test/test-app';

/** Test files for chat: what real uploads start with. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2b2a51b0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** An EBML header with DocType "webm", as MediaRecorder's webm/opus files begin. */
export const WEBM = Buffer.from(
  '1a45dfa3874282847765626d18538067010000000000001000000000000000000000000000000000',
  'hex',
);

export type Person = Awaited<ReturnType<typeof signedInClient>> & { name: string };

export async function person(app: TestApp, name: string): Promise<Person> {
  const account = await signedInClient(app, {
    name,
    email: uniqueEmail(name.split(' ')[0]?.toLowerCase()),
  });
  return { ...account, name };
}

export async function startConversation(from: Person, to: Person): Promise<Conversation> {
  const response = await from.client.post('/api/chat/conversations', { participantId: to.userId });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`create conversation failed: ${response.body}`);
  return response.json<{ conversation: Conversation }>().conversation;
}

export async function send(
  from: Person,
  conversationId: string,
  content: string,
  clientId: string = randomUUID(),
): Promise<TestResponse> {
  return from.client.post(`/api/chat/conversations/${conversationId}/messages`, {
    clientId,
    content,
  });
}

export async function sent(from: Person, conversationId: string, content: string) {
  const response = await send(from, conversationId, content);
  if (response.status !== 201) throw new Error(`send failed: ${response.body}`);
  return response.json<{ message: Message }>().message;
}

/** A multipart upload as a browser's FormData sends it: optional clientId first, then the file. */
export async function upload(
  app: TestApp,
  client: TestClient,
  url: string,
  file: { filename: string; contentType: string; data: Buffer } | null,
  clientId?: string,
) {
  const boundary = `----kaleido${randomUUID()}`;
  const chunks: Buffer[] = [];
  if (clientId !== undefined)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n`,
      ),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `content-type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await app.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(chunks),
    remoteAddress: client.ip,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [CSRF_HEADER]: client.csrfToken ?? '',
    },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body,
    json: () => JSON.parse(response.body) as Record<string, unknown>,
    message: () => (JSON.parse(response.body) as { message: Message }).message,
  };
}
