import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@kaleido/shared/http/api-error';

/**
 * The catalogue of error codes and the server's source say the same thing: every code the server
 * writes into an error body is listed (the client may branch on it), and every listed code is
 * still written somewhere (a stale entry would promise a failure that never comes).
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => readFileSync(path, 'utf8'));
const source = files.join('\n');
const CODE = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;

/**
 * Codes written by the server: `code: …` and `code: ApiErrorCode = …`, an error helper's last
 * argument, `options.code === …`, and the better-auth codes a `callAuth` map words.
 */
function codesWritten(): Set<string> {
  const found = new Set<string>();
  const add = (text: string | undefined) => {
    for (const match of (text ?? '').matchAll(CODE)) if (match[1]) found.add(match[1]);
  };
  for (const m of source.matchAll(
    /(?:\bcode(?:: ApiErrorCode =|:)|options\.code ===)\s*([^,\n;)]*)/g,
  ))
    add(m[1]);
  for (const m of source.matchAll(
    /\b(?:badRequest|unauthorized|forbidden|conflict)\(([^;]*?)\)[;,\n]/gs,
  ))
    add(/'[A-Z_]+'\s*,?\s*$/.exec(m[1] ?? '')?.[0]);
  for (const file of files.filter((text) => text.includes('callAuth(')))
    for (const m of file.matchAll(/^\s+([A-Z][A-Z]*(?:_[A-Z]+)+):\s/gm)) found.add(m[1] ?? '');
  return found;
}

describe('the error code catalogue', () => {
  const catalogued = Object.keys(API_ERROR_CODES);

  it('lists every code the server writes', () => {
    const missing = [...codesWritten()].filter(
      (code) => !catalogued.includes(code) && !code.startsWith('FST_'),
    );
    expect(missing).toEqual([]);
  });

  it('lists no code the server never writes', () => {
    const unused = catalogued.filter(
      (code) => !source.includes(`'${code}'`) && !new RegExp(`^\\s+${code}:`, 'm').test(source),
    );
    expect(unused).toEqual([]);
  });

  it('finds the codes of each way of writing one', () => {
    const written = codesWritten();
    for (const code of ['CSRF', 'NOT_ADMIN', 'FILE_TYPE', 'INVALID_TOKEN', 'TOO_DEEP', 'NO_FILE'])
      expect(written).toContain(code);
  });
});
