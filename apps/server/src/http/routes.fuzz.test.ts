import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema } from '@kaleido/shared/http/api-error';
import { fuzzObject, fuzzRuns, fuzzString, fuzzValue } from '@kaleido/shared/testing/fuzz-inputs';
import { setRole, signedInClient } from '../../test/fixtures/accounts-fixtures';
import type { TestClient } from '../../test/http-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { RouteEntry } from './route-table';

/**
 * Every route in the server's route table, called by a signed-in person with generated params,
 * query and body (JSON, broken JSON or multipart): never a 500, never a crash, and every refusal
 * is the one error body. A new route is fuzzed without being listed here.
 */
let app: TestApp;
let person: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_FACTOR: '1000' });
  person = await signedInClient(app, { name: 'Fuzz Person' });
  await setRole(app, person.userId, 'client');
});
afterAll(async () => {
  await app.close();
});

const ErrorBodySchema = ApiErrorSchema.strict();

/** Percent-encodes like a hostile client: unpaired surrogates as their (invalid) UTF-8 bytes. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(
    /%EF%BF%BD/g,
    '%ED%A0%80',
  );
}

function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

interface Call {
  url: string;
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string }
    | { kind: 'multipart'; filename: string; fields: Record<string, string> }
    | { kind: 'none' };
}

function callsFor(route: RouteEntry): fc.Arbitrary<Call> {
  const params = (route.url.match(/:\w+/g) ?? []).map((p) => p.slice(1));
  const path = fc
    .tuple(...params.map(() => fuzzString))
    .map((values) =>
      params.reduce(
        (url, name, i) => url.replace(`:${name}`, encode(values[i] ?? '') || 'x'),
        route.url,
      ),
    );
  const queryKeys = keysOf(route.schema?.querystring);
  const query = fc
    .dictionary(
      queryKeys.length > 0 ? fc.oneof(fc.constantFrom(...queryKeys), fuzzString) : fuzzString,
      fuzzString,
      { maxKeys: 4 },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&'),
    );
  const bodyKeys = keysOf(route.schema?.body);
  const body: fc.Arbitrary<Call['body']> =
    route.method === 'GET'
      ? fc.constant({ kind: 'none' as const })
      : fc.oneof(
          {
            weight: 4,
            arbitrary: fuzzObject(bodyKeys).map((value) => ({ kind: 'json' as const, value })),
          },
          { weight: 2, arbitrary: fuzzValue.map((value) => ({ kind: 'json' as const, value })) },
          { weight: 1, arbitrary: fuzzString.map((text) => ({ kind: 'raw' as const, text })) },
          {
            weight: 1,
            arbitrary: fc
              .record({
                filename: fuzzString,
                fields: fc.dictionary(fuzzString, fuzzString, {
                  maxKeys: 3,
                  noNullPrototype: true,
                }),
              })
              .map((m) => ({ kind: 'multipart' as const, ...m })),
          },
        );
  return fc
    .record({ path, query, body })
    .map(({ path: url, query: q, body: b }) => ({ url: q ? `${url}?${q}` : url, body: b }));
}

function multipartBody(filename: string, fields: Record<string, string>) {
  const boundary = '----kaleidofuzz';
  const quoted = (s: string) => s.replace(/["\r\n]/g, '_');
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(filename)}"\r\nContent-Type: audio/webm\r\n\r\nnot really audio\r\n--${boundary}--\r\n`,
  );
  return {
    payload: Buffer.from(parts.join('')),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function send(client: TestClient, method: string, call: Call) {
  const m = method as 'GET';
  switch (call.body.kind) {
    case 'none':
      return client.request(m, call.url);
    case 'json':
      return client.request(m, call.url, {
        rawBody: call.body.value === undefined ? 'null' : JSON.stringify(call.body.value),
        headers: { 'content-type': 'application/json' },
      });
    case 'raw':
      return client.request(m, call.url, {
        rawBody: call.body.text,
        headers: { 'content-type': 'application/json' },
      });
    case 'multipart': {
      const form = multipartBody(call.body.filename, call.body.fields);
      return client.request(m, call.url, {
        rawBody: form.payload,
        headers: { 'content-type': form.contentType },
      });
    }
  }
}

/** Routes that end what the rest of the run needs, with the reason. */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/realtime':
    'a WebSocket upgrade; its frames are parsed by the shared ClientMessageSchema',
};

describe('every route takes generated input without a 500', () => {
  it('enumerates the route table (the fuzzing below is not vacuous)', () => {
    expect(app.app.routeTable.length).toBeGreaterThan(40);
    expect(app.app.routeTable).toContainEqual(
      expect.objectContaining({ method: 'PATCH', url: '/api/profile' }),
    );
  });

  it('never answers 500, and every refusal is the one error body', async () => {
    const routes = app.app.routeTable.filter((r) => !(`${r.method} ${r.url}` in NOT_FUZZED));
    const runs = fuzzRuns(6);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(callsFor(route), async (call) => {
          const response = await send(person.client, route.method, call);
          const where = `${route.method} ${route.url} → ${call.url}: ${response.status} ${response.body.slice(0, 300)}`;
          expect(response.status, where).not.toBe(500);
          if (response.status >= 400 && String(response.headers['content-type']).includes('json'))
            expect(ErrorBodySchema.safeParse(response.json()).success, where).toBe(true);
          else if (response.status >= 400) expect.fail(`not a JSON error body: ${where}`);
        }),
        { numRuns: runs },
      );
      // A fuzzed sign-out, revoke or delete ends the session: carry on as someone new.
      const session = (await person.client.get('/api/session')).json<{ user: unknown }>();
      if (!session.user) person = await signedInClient(app, { name: 'Fuzz Person' });
    }
  }, 3_600_000);
});
