import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paintFirst, readInlineParts, type InlineParts } from './paint-first';

/**
 * The first screens whose code the browser would otherwise find only after the entry chunk has
 * run: each path names its lazily loaded route modules, as `apps/web/src/app/router.tsx` loads
 * them, and the build's static first paint of it if there is one (apps/web/first-paint.mjs).
 * A module or file missing from the build is ignored (the page then loads as before).
 */
const FIRST_SCREENS: Record<string, { modules: string[]; firstPaint?: string }> = {
  '/': { modules: ['src/app/routes/landing-route.tsx'], firstPaint: 'index.html' },
  '/login': { modules: ['src/app/routes/auth/login-route.tsx'], firstPaint: 'login.html' },
  '/auth': { modules: ['src/app/routes/auth/login-route.tsx'], firstPaint: 'login.html' },
  '/app/dashboard': {
    modules: ['src/app/routes/app/shell-routes.tsx', 'src/app/routes/app/dashboard-route.tsx'],
  },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** What the pages are made from: the build's index.html, its manifest and the inline parts. */
export interface WebBuild {
  dist: string;
  index: string;
  inline: InlineParts;
  /** `<link rel="modulepreload">` for these route modules and what they import statically. */
  preloads(modules: string[]): string;
}

/** The build's pieces, or null when it has no manifest (a build without first screens). */
export function readWebBuild(webDist: string): WebBuild | null {
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  // The entry's own imports are preloaded by Vite already.
  const entry = closure(['index.html']);
  return {
    dist: webDist,
    index: readFileSync(join(webDist, 'index.html'), 'utf8'),
    inline: readInlineParts(webDist),
    preloads: (modules) =>
      [...closure(modules)]
        .filter((key) => !entry.has(key))
        .map((key) => manifest[key]?.file)
        .filter((file): file is string => file !== undefined && file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join(''),
  };
}

/**
 * index.html with a screen drawn before `#root` (inert: the live screen replaces it, see
 * decision 030) and its route chunks preloaded, painting from the document alone (paint-first.ts).
 */
export function paintedPage(
  build: WebBuild,
  screen: string,
  modules: string[],
): { html: string; scriptHashes: string[] } {
  if (!build.index.includes('<div id="root"></div>'))
    return { html: build.index, scriptHashes: [] };
  const copy =
    '<div id="first-paint" inert aria-hidden="true" aria-disabled="true">' +
    `<fieldset disabled>${screen}</fieldset></div>`;
  const page = build.index
    .replace('<div id="root"></div>', () => `${copy}<div id="root"></div>`)
    .replace('</head>', () => `${build.preloads(modules)}</head>`);
  return paintFirst(page, build.dist, build.inline);
}

/**
 * The page for each first screen: the build's static first paint of it when there is one
 * (apps/web/first-paint.mjs: `/` and `/login` paint before any script has run), else index.html;
 * with `<link rel="modulepreload">` for its route chunks, so they download beside the entry chunk
 * instead of after it (issue #18: LCP on `/` and `/login`). Null when the build has no manifest.
 * Also the hashes of the inline scripts the painted pages carry, for the content security policy.
 */
export function firstScreenPages(build: WebBuild): {
  pages: Map<string, string>;
  scriptHashes: string[];
} {
  const pages = new Map<string, string>();
  const scriptHashes = new Set<string>();
  for (const [path, { modules, firstPaint }] of Object.entries(FIRST_SCREENS)) {
    const copy = firstPaint ? join(build.dist, 'first-paint', firstPaint) : null;
    if (copy && existsSync(copy)) {
      // A screen painted in the HTML paints from the document alone; its scripts follow.
      const painted = paintFirst(
        readFileSync(copy, 'utf8').replace('</head>', () => `${build.preloads(modules)}</head>`),
        build.dist,
        build.inline,
      );
      painted.scriptHashes.forEach((hash) => scriptHashes.add(hash));
      pages.set(path, painted.html);
      continue;
    }
    const links = build.preloads(modules);
    if (links)
      pages.set(
        path,
        build.index.replace('</head>', () => `${links}</head>`),
      );
  }
  return { pages, scriptHashes: [...scriptHashes] };
}
