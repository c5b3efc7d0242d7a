import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paintFirst, readInlineParts } from './paint-first';

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

/**
 * The page for each first screen: the build's static first paint of it when there is one
 * (apps/web/first-paint.mjs: `/` and `/login` paint before any script has run), else index.html;
 * with `<link rel="modulepreload">` for its route chunks, so they download beside the entry chunk
 * instead of after it (issue #18: LCP on `/` and `/login`). Null when the build has no manifest.
 */
export function firstScreenPages(
  webDist: string,
): { pages: Map<string, string>; scriptHashes: string[] } | null {
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
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
  const pages = new Map<string, string>();
  const scriptHashes = new Set<string>();
  const inline = readInlineParts(webDist);
  for (const [path, { modules, firstPaint }] of Object.entries(FIRST_SCREENS)) {
    const copy = firstPaint ? join(webDist, 'first-paint', firstPaint) : null;
    const page = copy && existsSync(copy) ? readFileSync(copy, 'utf8') : index;
    const files = [...closure(modules)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file !== undefined && file.endsWith('.js'));
    if (files.length === 0 && page === index) continue;
    const links = files
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    const preloaded = page.replace('</head>', `${links}</head>`);
    if (page === index) {
      pages.set(path, preloaded);
      continue;
    }
    // A screen painted in the HTML paints from the document alone; its scripts follow.
    const painted = paintFirst(preloaded, webDist, inline);
    painted.scriptHashes.forEach((hash) => scriptHashes.add(hash));
    pages.set(path, painted.html);
  }
  return { pages, scriptHashes: [...scriptHashes] };
}
