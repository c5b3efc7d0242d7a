import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { TestClient } from '../../test/http-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('bad input never causes a 500', () => {
  const cases: [
    string,
    { rawBody?: string; headers?: Record<string, string>; body?: unknown },
    number,
    string,
  ][] = [
    [
      'malformed JSON',
      { rawBody: '{"email": "a@b.co",', headers: { 'content-type': 'application/json' } },
      400,
      'The request body is not valid JSON.',
    ],
    [
      'an empty JSON body',
      { rawBody: '', headers: { 'content-type': 'application/json' } },
      400,
      'The request body is not valid JSON.',
    ],
    ['a JSON array', { body: [1, 2] }, 400, ''],
    ['wrong types', { body: { email: 42, password: ['x'], fullName: null } }, 400, ''],
    [
      'an unknown field',
      { body: { email: 'a@b.co', password: 'Abcdefghij1!x', fullName: 'A', isAdmin: true } },
      400,
      'Unknown field: isAdmin',
    ],
    [
      'an oversized body',
      { body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024), fullName: 'A' } },
      413,
      'The request body is too large.',
    ],
    [
      'a wrong content type',
      { rawBody: 'email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'Unsupported content type.',
    ],
  ];
  it.each(cases)('%s', async (_name, request, status, message) => {
    const response = await new TestClient(app.app, '10.20.0.1').request(
      'POST',
      '/api/auth/sign-up',
      request,
    );
    expect(response.status).toBe(status);
    const body = response.json<{ message: string; requestId: string; stack?: unknown }>();
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.stack).toBeUndefined();
    if (message) expect(body.message).toBe(message);
    else expect(body.message.length).toBeGreaterThan(0);
  });

  it('lists every field problem with its path', async () => {
    const response = await new TestClient(app.app, '10.20.0.2').post('/api/auth/sign-up', {
      email: 'bad',
      password: 'short',
      fullName: '',
    });
    const body = response.json<{ errors: { path: string; message: string }[] }>();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 12 characters long' },
        { path: 'fullName', message: 'Please enter your full name' },
      ]),
    );
  });

  it('answers unknown API paths with the JSON 404 body', async () => {
    const response = await new TestClient(app.app, '10.20.0.3').get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({
      message: 'Not found',
      requestId: expect.any(String) as string,
    });
  });
});

describe('authentication comes before the body', () => {
  it('answers an anonymous caller of a signed-in route 401, whatever the body', async () => {
    const signedIn = app.app.routeTable.filter(
      (route) => route.auth === 'required' && route.method !== 'GET',
    );
    expect(signedIn.length).toBeGreaterThan(20);
    const anonymous = new TestClient(app.app, '10.20.0.9');
    for (const route of signedIn) {
      const url = route.url.replace(/:\w+/g, 'not-a-valid-id');
      for (const body of [
        { rawBody: '{"broken', headers: { 'content-type': 'application/json' } },
        { body: { unexpected: ['field'] } },
      ]) {
        const response = await anonymous.request(route.method, url, body);
        expect({ route: `${route.method} ${route.url}`, status: response.status }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
      }
    }
  });
});

describe('headers on every response', () => {
  it.each(['/healthz', '/api/session', '/api/nothing-here'])('%s', async (path) => {
    const response = await new TestClient(app.app, '10.20.0.4').get(path);
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self' ws://kaleido.test",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://kaleido.example' });
    try {
      const response = await new TestClient(secure.app, '10.20.0.5').get('/healthz');
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(String(response.headers['content-security-policy'])).toContain(
        'wss://kaleido.example',
      );
    } finally {
      await secure.close();
    }
  });
});

describe('operations endpoints', () => {
  it('/api/config tells the web app the support address (SUPPORT_EMAIL)', async () => {
    const custom = await createTestApp({ SUPPORT_EMAIL: 'help@clinic.example' });
    try {
      expect((await new TestClient(custom.app).get('/api/config')).json()).toEqual({
        supportEmail: 'help@clinic.example',
      });
    } finally {
      await custom.close();
    }
  });

  it('/healthz answers while alive', async () => {
    const response = await new TestClient(app.app).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz reports to this machine the database and which optional parts are available', async () => {
    const response = await new TestClient(app.app, '127.0.0.1').get('/readyz');
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      database: { status: 'ok', kind: app.database.kind },
      mail: { mode: 'outbox' },
      transcription: { available: false, detail: expect.any(String) as string },
    });
  });

  it('/metrics speaks Prometheus text with per-route request counts', async () => {
    const client = new TestClient(app.app, '127.0.0.1');
    await client.get('/healthz');
    const response = await client.get('/metrics');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/plain');
    expect(response.body).toMatch(
      /kaleido_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('/metrics refuses other machines without METRICS_TOKEN', async () => {
    const response = await new TestClient(app.app, '203.0.113.7').get('/metrics');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.json().message).toBe(
      'Metrics are served to this machine only, or with the METRICS_TOKEN bearer token.',
    );
    expect(response.body).not.toContain('kaleido_http_requests_total');
  });
});

describe('/readyz seen from elsewhere (probe N17)', () => {
  it('answers another machine only the status, and the operator with the token everything', async () => {
    const token = 'metrics-token-0123456789';
    const withToken = await createTestApp({ METRICS_TOKEN: token, TRUST_PROXY: 'true' });
    try {
      for (const target of [app, withToken]) {
        const stranger = await new TestClient(target.app, '192.0.2.2').get('/readyz');
        expect(stranger.status).toBe(200);
        expect(stranger.json()).toEqual({ status: 'ready' });
      }
      const viaProxy = new TestClient(withToken.app, '127.0.0.1');
      const forwarded = { 'x-forwarded-for': '203.0.113.7' };
      expect((await viaProxy.get('/readyz', forwarded)).json()).toEqual({ status: 'ready' });
      const wrong = { ...forwarded, authorization: 'Bearer metrics-token-wrong-guess' };
      expect((await viaProxy.get('/readyz', wrong)).json()).toEqual({ status: 'ready' });
      const monitor = await viaProxy.get('/readyz', {
        ...forwarded,
        authorization: `Bearer ${token}`,
      });
      expect(monitor.json()).toMatchObject({
        status: 'ready',
        database: { kind: withToken.database.kind },
        mail: { mode: 'outbox' },
        transcription: { available: false },
      });
    } finally {
      await withToken.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN behind a proxy', () => {
  it('answers the token, and not a proxied stranger whose socket is loopback', async () => {
    const token = 'metrics-token-0123456789';
    const proxied = await createTestApp({ METRICS_TOKEN: token, TRUST_PROXY: 'true' });
    try {
      const viaProxy = new TestClient(proxied.app, '127.0.0.1');
      const stranger = { 'x-forwarded-for': '203.0.113.7' };
      expect((await viaProxy.get('/metrics', stranger)).status).toBe(401);
      const wrong = { ...stranger, authorization: 'Bearer metrics-token-wrong-guess' };
      expect((await viaProxy.get('/metrics', wrong)).status).toBe(401);
      const scraper = await viaProxy.get('/metrics', {
        ...stranger,
        authorization: `Bearer ${token}`,
      });
      expect(scraper.status).toBe(200);
      expect(scraper.body).toContain('kaleido_http_requests_total');
      expect((await viaProxy.get('/metrics')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('the web app', () => {
  it('is served with history fallback, while unknown files and API paths stay 404', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'kaleido-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>Kaleido</title><div id="root"></div>',
    );
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kaleido-spa-')),
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'x'.repeat(40),
    });
    const { app: spa } = await buildApp({ config, database, webDist, logger: false });
    try {
      const client = new TestClient(spa);
      for (const path of ['/', '/login', '/app/chat/123', '/auth/reset-password?token=abc']) {
        const page = await client.get(path);
        expect(page.status).toBe(200);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['content-security-policy']).toBeDefined();
      }
      expect((await client.get('/missing.js')).status).toBe(404);
      expect((await client.get('/api/missing')).status).toBe(404);
    } finally {
      await spa.close();
      await database.close();
    }
  });
});

describe('first screens', () => {
  it('preload their route chunks beside the entry, from the build manifest', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'kaleido-web-'));
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><head><script type="module" src="/assets/index.js"></script></head><div id="root"></div>',
    );
    writeFileSync(
      join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
        '_react.js': { file: 'assets/react.js' },
        '_button.js': { file: 'assets/button.js', imports: ['_react.js'] },
        'src/app/routes/landing-route.tsx': {
          file: 'assets/landing.js',
          imports: ['index.html', '_button.js'],
        },
        'src/app/routes/auth/login-route.tsx': { file: 'assets/login.js', imports: ['_button.js'] },
      }),
    );
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kaleido-spa-')),
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'x'.repeat(40),
    });
    const { app: spa } = await buildApp({ config, database, webDist, logger: false });
    try {
      const client = new TestClient(spa);
      const preloads = (body: string) =>
        [...body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
      const landing = await client.get('/');
      expect(landing.headers['content-type']).toMatch(/^text\/html/);
      expect(preloads(landing.body).sort()).toEqual(['/assets/button.js', '/assets/landing.js']);
      expect(preloads((await client.get('/login?next=x')).body).sort()).toEqual([
        '/assets/button.js',
        '/assets/login.js',
      ]);
      // The build's static first paint, when it made one, is what `/auth` gets, with preloads.
      mkdirSync(join(webDist, 'first-paint'));
      writeFileSync(
        join(webDist, 'first-paint', 'login.html'),
        '<!doctype html><head></head><div id="first-paint">Sign in</div><div id="root"></div>',
      );
      const { app: painted } = await buildApp({ config, database, webDist, logger: false });
      try {
        const auth = await new TestClient(painted).get('/auth');
        expect(auth.body).toContain('<div id="first-paint">Sign in</div>');
        expect(preloads(auth.body)).toContain('/assets/login.js');
      } finally {
        await painted.close();
      }
      // Not a first screen (or its modules are not in this build): the plain index.html.
      expect(preloads((await client.get('/app/chat')).body)).toEqual([]);
      expect(preloads((await client.get('/app/dashboard')).body)).toEqual([]);
    } finally {
      await spa.close();
      await database.close();
    }
  });
});

describe('compression', () => {
  it('sends the build’s precompressed assets as they are', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'kaleido-web-'));
    mkdirSync(join(webDist, 'assets'));
    const script = `console.log(${JSON.stringify('kaleido '.repeat(2000))});`;
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app.js'), script);
    writeFileSync(join(webDist, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDist, 'assets', 'app.js.gz'), gzipSync(script));
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kaleido-spa-')),
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'x'.repeat(40),
    });
    const { app: spa } = await buildApp({ config, database, webDist, logger: false });
    try {
      const asset = (encoding: string) =>
        spa.inject({ url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
      const br = await asset('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(script.length / 10);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await asset('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await asset('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await spa.close();
      await database.close();
    }
  });

  it('compresses an API answer over 1 KB on the fly, and leaves small ones', async () => {
    const { client } = await signedInClient(app);
    const prompts = await client.get('/api/journal/prompts', { 'accept-encoding': 'gzip, br' });
    expect(prompts.status).toBe(200);
    expect(prompts.headers['content-encoding']).toBe('br');
    const plain = await client.get('/api/journal/prompts');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ prompts: unknown[] }>().prompts.length).toBeGreaterThan(10);
    const session = await client.get('/api/session', { 'accept-encoding': 'gzip, br' });
    expect(session.body.length).toBeLessThan(1024);
    expect(session.headers['content-encoding']).toBeUndefined();
  });
});
