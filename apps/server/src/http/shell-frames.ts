import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { paintedPage, type WebBuild } from './first-screens';
import { requestContext } from './request-context';
import type { SessionResolver } from './session-state';

/** One frame the web build rendered (apps/web/first-paint.mjs, app/routes/app/shell-frame.tsx). */
interface BuiltFrame {
  path: string;
  page: 'dashboard' | 'other';
  expanded: boolean;
  html: string;
}

/** The route modules a frame's page loads, as `apps/web/src/app/router.tsx` loads them. */
const SHELL_MODULE = 'src/app/routes/app/shell-routes.tsx';
const PAGE_MODULES: Record<string, string> = {
  '/app/dashboard': 'src/app/routes/app/dashboard-route.tsx',
  '/app/chat': 'src/app/routes/app/chat-route.tsx',
  '/app/voice-notes': 'src/app/routes/app/voice-notes-route.tsx',
  '/app/email': 'src/app/routes/app/email-route.tsx',
  '/app/calls': 'src/app/routes/app/calls-route.tsx',
  '/app/journal': 'src/app/routes/app/journal-route.tsx',
  '/app/profile': 'src/app/routes/app/profile-route.tsx',
  '/app/settings': 'src/app/routes/app/settings-route.tsx',
  '/app/help': 'src/app/routes/help/help-layout-route.tsx',
};
/** The sidebar's cookie (apps/web/src/features/shell/hooks/use-sidebar-state.ts). */
const SIDEBAR_COOKIE = 'sidebar:state';
/** How the web app decides to write shortcuts with '⌘' (features/shell/nav-items.ts). */
const APPLE = /Mac|iPhone|iPad/;

export interface ShellFrames {
  /** The page for a GET of `path`, or null when it gets none (not /app, no live session). */
  pageFor(request: FastifyRequest, path: string): Promise<string | null>;
  scriptHashes: string[];
}

/**
 * The signed-in workspace's first frame (decision 037): for `/app/*` with a live session, the
 * shell the person is about to see — top bar, sidebar (expanded or collapsed as its cookie says),
 * the dashboard's heading or the shell's spinner — painted from the HTML before any script has
 * run, and replaced by the live shell when its page is drawn. Only `/app/*`, which every role may
 * open; `/client` and `/admin` send people elsewhere by role and chosen interface, so they get
 * index.html. The frame holds nothing of the person: the session only decides whether it is sent.
 * Null when the build made no frames.
 */
export function shellFrames(build: WebBuild, sessions: SessionResolver): ShellFrames | null {
  const file = join(build.dist, 'first-paint', 'shell-frames.json');
  if (!existsSync(file)) return null;
  const frames = JSON.parse(readFileSync(file, 'utf8')) as BuiltFrame[];
  const scriptHashes = new Set<string>();
  const pages = new Map<string, string>();
  const key = (path: string, page: string, expanded: boolean, apple: boolean) =>
    `${path} ${page} ${expanded ? 'expanded' : 'collapsed'}${apple ? ' apple' : ''}`;
  for (const frame of frames) {
    const page = PAGE_MODULES[frame.path];
    const modules = page ? [SHELL_MODULE, page] : [SHELL_MODULE];
    for (const apple of [false, true]) {
      // Rendered with 'Ctrl+' (in Node); Apple devices read '⌘' (only the frame's own text).
      const html = apple ? frame.html.replaceAll('Ctrl+', '⌘') : frame.html;
      const painted = paintedPage(build, html, modules);
      painted.scriptHashes.forEach((hash) => scriptHashes.add(hash));
      pages.set(key(frame.path, frame.page, frame.expanded, apple), painted.html);
    }
  }
  const sidebarPaths = [...new Set(frames.map((frame) => frame.path))];
  return {
    scriptHashes: [...scriptHashes],
    async pageFor(request, path) {
      if (!/^\/app(\/|$)/.test(path)) return null;
      // The dashboard, where /app and any unknown /app path lead; else the sidebar page it is in.
      const known = sidebarPaths.find((item) => path === item || path.startsWith(`${item}/`));
      const dashboard = /^\/app(\/dashboard)?\/?$/.test(path) || !known;
      const sidebarPath = dashboard ? '/app/dashboard' : known;
      const state = await sessions.resolve(requestContext(request));
      if (state.kind !== 'active') return null;
      const expanded = request.cookies[SIDEBAR_COOKIE] !== 'false';
      const apple = APPLE.test(request.headers['user-agent'] ?? '');
      return (
        pages.get(key(sidebarPath, dashboard ? 'dashboard' : 'other', expanded, apple)) ?? null
      );
    },
  };
}
