// Which server test files depend on the run's database target: the ones whose imports (followed
// through every relative import, helpers and source alike) reach code that asks for it — vitest's
// `inject` of the provided `testDatabase` (test-database.ts) or the `TEST_DATABASE_URL` variable
// (two-instances.ts). Only those behave differently on PostgreSQL, so only those run on the
// PostgreSQL pass; the others (pure functions, parsers, the recogniser, a migration replayed on
// an in-memory PGlite) would run the same code twice. Read from the imports, not kept by hand, so
// a new test is placed the day it lands, and a file placed wrongly cannot pass: the other project
// provides no database target, and test-database.ts then throws (docs/decisions/046).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Code that reaches for the run's database target. */
export const DATABASE_MARKER = /\binject\(\s*['"]testDatabase['"]\s*\)|\bTEST_DATABASE_URL\b/;

const TEST_FILE = /\.test\.(?:ts|tsx|mts|mjs|js)$/;
// import … from '…', export … from '…', import '…', import('…'), vi.mock('…').
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** Comment lines may name the markers (as this file does) without reaching anything. */
function withoutCommentLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  // TypeScript sources are imported as `./x.js` now and then.
  for (const candidate of [base, base.replace(/\.js$/, '')])
    for (const extension of EXTENSIONS) {
      const path = candidate + extension;
      if (existsSync(path) && statSync(path).isFile()) return path;
    }
  return null;
}

/**
 * The files among `entries` (absolute paths) that reach the database target: the import graph is
 * read forward from them once, then the marker is carried back along every import, so cycles and
 * shared helpers cost nothing more.
 */
export function filesReachingDatabase(entries: string[]): Set<string> {
  const importedBy = new Map<string, Set<string>>();
  const marked: string[] = [];
  const seen = new Set<string>();
  const stack = [...entries];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = withoutCommentLines(readFileSync(file, 'utf8'));
    if (DATABASE_MARKER.test(text)) marked.push(file);
    for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
      const target = specifier === undefined ? null : resolveImport(file, specifier);
      if (!target) continue;
      const importers = importedBy.get(target) ?? new Set<string>();
      importers.add(file);
      importedBy.set(target, importers);
      stack.push(target);
    }
  }
  const reaching = new Set(marked);
  for (let file = marked.pop(); file !== undefined; file = marked.pop())
    for (const importer of importedBy.get(file) ?? [])
      if (!reaching.has(importer)) {
        reaching.add(importer);
        marked.push(importer);
      }
  return reaching;
}

function testFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
      continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFilesUnder(path));
    else if (TEST_FILE.test(entry.name)) found.push(path);
  }
  return found.sort();
}

/** The test files under `root`, relative to it (as vitest `include` patterns), split in two. */
export function splitTestFiles(root: string): { database: string[]; other: string[] } {
  const files = testFilesUnder(resolve(root));
  const reaching = filesReachingDatabase(files);
  const database: string[] = [];
  const other: string[] = [];
  for (const file of files) (reaching.has(file) ? database : other).push(relative(root, file));
  return { database, other };
}
