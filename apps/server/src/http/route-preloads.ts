import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first screens whose code the browser would otherwise find only after the entry chunk has
 * run: each path names its lazily loaded route modules, as `apps/web/src/app/router.tsx` loads
 * them. A module missing from the build is ignored (the page then loads as before).
 */
const FIRST_SCREENS: Record<string, string[]> = {
  '/': ['src/app/routes/landing-route.tsx'],
  '/login': ['src/app/routes/auth/login-route.tsx'],
  '/auth': ['src/app/routes/auth/login-route.tsx'],
  '/app/dashboard': [
    'src/app/routes/app/shell-routes.tsx',
    'src/app/routes/app/dashboard-route.tsx',
  ],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * index.html for each first screen with `<link rel="modulepreload">` for its route chunks, so
 * they download beside the entry chunk instead of after it (issue #18: LCP on `/` and `/login`).
 * Null when the build has no Vite manifest.
 */
export function pagesWithPreloads(webDist: string): Map<string, string> | null {
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
  for (const [path, modules] of Object.entries(FIRST_SCREENS)) {
    const files = [...closure(modules)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file !== undefined && file.endsWith('.js'));
    if (files.length === 0) continue;
    const links = files
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    pages.set(path, index.replace('</head>', `${links}</head>`));
  }
  return pages;
}
