import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../test/http-client';
import { createTestApp, type TestApp } from '../../test/test-app';

const MINUTE = 60_000;

/** A web build as apps/web writes it, with one frame per sidebar state and page kind. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'kaleido-web-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'first-paint'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script src="/theme-init.js"></script>' +
      '<link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" />' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'theme-init.js'), 'document.documentElement.dataset.theme = "x";');
  writeFileSync(join(dist, 'assets', 'index.css'), 'body{margin:0}');
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js' },
      'src/app/routes/app/shell-routes.tsx': { file: 'assets/shell.js' },
      'src/app/routes/app/dashboard-route.tsx': { file: 'assets/dashboard.js' },
      'src/app/routes/app/chat-route.tsx': { file: 'assets/chat.js' },
    }),
  );
  const frames = [];
  for (const expanded of [true, false]) {
    const state = expanded ? 'expanded' : 'collapsed';
    for (const path of ['/app/dashboard', '/app/chat'])
      frames.push({ path, page: 'other', expanded, html: `<p>${path} ${state} Ctrl+1</p>` });
    frames.push({
      path: '/app/dashboard',
      page: 'dashboard',
      expanded,
      html: `<h1>Dashboard</h1><p>${state} Ctrl+1</p>`,
    });
  }
  writeFileSync(join(dist, 'first-paint', 'shell-frames.json'), JSON.stringify(frames));
  return dist;
}

const FRAME = '<div id="first-paint" inert aria-hidden="true" aria-disabled="true">';

let webDist: string;
let app: TestApp;
beforeAll(async () => {
  webDist = fakeWebBuild();
  app = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the signed-in shell frame (decision 037)', () => {
  it('is sent for /app/* with a live session: the page, the sidebar as its cookie says', async () => {
    const { client } = await signedInClient(app, { name: 'Ann Example' });
    const dashboard = await client.get('/app/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers['content-type']).toMatch(/^text\/html/);
    expect(dashboard.headers['cache-control']).toBe('no-cache, private');
    expect(dashboard.body).toContain(
      `${FRAME}<fieldset disabled><h1>Dashboard</h1><p>expanded Ctrl+1</p></fieldset></div><div id="root"></div>`,
    );
    // Only the session decides; nothing of the person is in the page.
    expect(dashboard.body).not.toContain('Ann');
    // /app and an unknown /app path lead to the dashboard; a sidebar page's sub-path is that page.
    expect((await client.get('/app')).body).toContain('<h1>Dashboard</h1>');
    expect((await client.get('/app/nowhere')).body).toContain('<h1>Dashboard</h1>');
    expect((await client.get('/app/chat/new')).body).toContain('<p>/app/chat expanded Ctrl+1</p>');
    expect((await client.get('/app/dashboard/insights/mood')).body).toContain(
      '<p>/app/dashboard expanded Ctrl+1</p>',
    );
    client.cookies.set('sidebar:state', 'false');
    expect((await client.get('/app/dashboard?from=x')).body).toContain(
      '<h1>Dashboard</h1><p>collapsed Ctrl+1</p>',
    );
    // Shortcuts are written as the web app writes them on Apple devices.
    const mac = await client.get('/app/dashboard', {
      'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)',
    });
    expect(mac.body).toContain('<p>collapsed ⌘1</p>');
  });

  it('paints from the document alone: the scripts follow, and the policy allows only its own', async () => {
    const { client } = await signedInClient(app);
    const page = await client.get('/app/chat');
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    // The stylesheet inline, its link kept disabled (never fetched) for Vite's preload helper.
    expect(head).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index.css" disabled>',
    );
    expect(head).not.toMatch(/<script type="module"|modulepreload|\/api\/session/);
    const template = /<template id="after-first-paint">(.*?)<\/template>/.exec(page.body)?.[1];
    expect(template).toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/shell.js">');
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/chat.js">');
    expect(template).toContain('<link rel="preload" href="/api/session"');
    const inline = [...page.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(2);
    const policy = String(page.headers['content-security-policy']);
    for (const source of inline) {
      const hash = createHash('sha256').update(source, 'utf8').digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+'(;|$)/);
  });

  it('is not sent without a live session: signed out, ended by inactivity, or outside /app', async () => {
    const signedOut = await new TestClient(app.app, '10.9.0.1').get('/app/dashboard');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).not.toContain('first-paint');
    expect(signedOut.body).toContain('<div id="root"></div>');

    const { client } = await signedInClient(app);
    expect((await client.get('/app/dashboard')).body).toContain(FRAME);
    // /client and /admin move people by role and chosen interface: no frame there.
    expect((await client.get('/client')).body).not.toContain(FRAME);
    expect((await client.get('/admin/users')).body).not.toContain(FRAME);
    const forged = new TestClient(app.app, '10.9.0.2');
    forged.cookies.set('better-auth.session_token', 'not-a-session');
    expect((await forged.get('/app/dashboard')).body).not.toContain(FRAME);

    app.clock.advance(31 * MINUTE);
    const idle = await client.get('/app/dashboard');
    expect(idle.body).not.toContain(FRAME);
    expect((await client.get('/api/session')).json()).toMatchObject({ user: null });
  });
});
