import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, setRole } from '../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../test/http-client';
import { multipart } from '../../test/multipart';
import { spokenWebm } from '../../test/speech-audio';
import { createTestApp, type TestApp } from '../../test/test-app';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const TEXT_MESSAGE = 'Text cannot contain NUL characters (\\u0000) or unpaired surrogates.';
const DEEP_MESSAGE = 'The data is nested too deeply (at most 32 levels).';

let app: TestApp;
let person: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await createTestApp();
  person = await signedInClient(app, { name: 'Input Person' });
});
afterAll(async () => {
  await app.close();
});

type Response = Awaited<ReturnType<TestClient['get']>>;

function expectRefused(response: Response, message: string, path: string) {
  expect(response.status, response.body).toBe(400);
  expect(response.json()).toEqual({
    message,
    code: message === TEXT_MESSAGE ? 'INVALID_TEXT' : 'TOO_DEEP',
    errors: [{ path, message }],
    requestId: expect.any(String) as unknown,
  });
}

function nested(depth: number): unknown {
  let value: unknown = { monday: [{ start: '09:00', end: '17:00' }] };
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

describe('NUL bytes, unpaired surrogates and deep nesting: a 400 with a clear message', () => {
  it('in a text field of a JSON body', async () => {
    for (const bad of [NUL, LONE_SURROGATE])
      expectRefused(
        await person.client.request('PATCH', '/api/profile', {
          body: { field: 'personal_statement', value: bad },
        }),
        TEXT_MESSAGE,
        'body.value',
      );
  });

  it('in an email and a token', async () => {
    const anonymous = new TestClient(app.app, '10.80.0.1');
    expectRefused(
      await anonymous.post('/api/auth/sign-in', { email: `x${NUL}@b.co`, password: 'x' }),
      TEXT_MESSAGE,
      'body.email',
    );
    expectRefused(
      await anonymous.post('/api/auth/reset-password', {
        token: LONE_SURROGATE,
        newPassword: 'Another-Password-1',
      }),
      TEXT_MESSAGE,
      'body.token',
    );
  });

  it('in a key of a JSON object', async () => {
    expectRefused(
      await person.client.request('PATCH', '/api/settings/theme_settings', {
        body: { [NUL]: 'dark' },
      }),
      TEXT_MESSAGE,
      'body',
    );
  });

  it('in a search parameter and a path parameter', async () => {
    expectRefused(await person.client.get('/api/voice-notes?q=a%00b'), TEXT_MESSAGE, 'query.q');
    expectRefused(await person.client.get('/api/users/search?q=a%00b'), TEXT_MESSAGE, 'query.q');
    expectRefused(await person.client.get('/api/profile/a%00b'), TEXT_MESSAGE, 'params.userId');
  });

  it('in a file name and a field of an upload', async () => {
    const audio = spokenWebm('hello');
    expectRefused(
      await person.client.upload(
        '/api/voice-notes',
        multipart(
          { durationMs: '1000' },
          { name: `rec${NUL}.webm`, type: 'audio/webm', data: audio },
        ),
      ),
      TEXT_MESSAGE,
      'file.name',
    );
    expectRefused(
      await person.client.upload(
        '/api/voice-notes',
        multipart(
          { title: NUL, durationMs: '1000' },
          { name: 'rec.webm', type: 'audio/webm', data: audio },
        ),
      ),
      TEXT_MESSAGE,
      'fields.title',
    );
  });

  it('availability_hours nested 2,000 deep (it overflowed the stack)', async () => {
    const professional = await signedInClient(app, { name: 'Pat Professional' });
    await setRole(app, professional.userId, 'client');
    const response = await professional.client.request('PATCH', '/api/profile', {
      body: { field: 'availability_hours', value: nested(2_000) },
    });
    expectRefused(response, DEEP_MESSAGE, 'body');
    // A real schedule still saves.
    const saved = await professional.client.request('PATCH', '/api/profile', {
      body: { field: 'availability_hours', value: nested(0) },
    });
    expect(saved.status, saved.body).toBe(200);
  });

  it('a JSON body 100,000 deep is refused before it is parsed', async () => {
    const body = '['.repeat(100_000) + ']'.repeat(100_000);
    const response = await person.client.request('PATCH', '/api/profile', {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(response, DEEP_MESSAGE, 'body');
  });

  it('a path that does not decode gets the one error body', async () => {
    const response = await person.client.get('/api/profile/%ED%A0%80');
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: 'The address of this request is not valid.',
      code: 'FST_ERR_BAD_URL',
      requestId: expect.any(String) as unknown,
    });
  });
});
