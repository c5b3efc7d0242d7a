import { CSRF_HEADER } from '@kaleido/shared/http/api-error';
import type { TestClient, TestResponse } from '../../../test/http-client';
import type { TestApp } from '../../../test/test-app';

/** Test fixtures for the profile, settings and account tests (not part of the server). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2b2a51b0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Uploads bytes as the browser's form would (multipart, one file), with the client's session. */
export async function uploadAvatar(
  app: TestApp,
  client: TestClient,
  bytes: Buffer,
  filename = 'me.png',
  contentType = 'image/png',
): Promise<TestResponse> {
  const boundary = `----kaleido${Date.now().toString(36)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload,
    remoteAddress: client.ip,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [CSRF_HEADER]: client.csrfToken ?? '',
      'user-agent': client.userAgent,
    },
  });
  const json = () => JSON.parse(response.body) as unknown;
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body,
    json: json as TestResponse['json'],
  };
}

/** PATCH one profile field. */
export function patchField(client: TestClient, field: string, value: unknown) {
  return client.request('PATCH', '/api/profile', { body: { field, value } });
}

/** Switches an admin's interface (null: leave a first-time admin without one). */
export async function selectInterface(client: TestClient, selected: 'user' | 'client' | 'admin') {
  const response = await client.request('PATCH', '/api/profile/selected-interface', {
    body: { selectedInterface: selected },
  });
  if (response.status !== 200) throw new Error(`interface switch failed: ${response.body}`);
}
