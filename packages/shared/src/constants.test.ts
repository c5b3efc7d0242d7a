import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser's first screens (/ and /login) import *.constants.ts modules; a module that loads
// zod there would cost ~24 KB and run zod's `new Function` probe under our CSP. So a constants
// module may import types only, and values only from other constants modules.
const root = new URL('.', import.meta.url).pathname;

function constantsModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return constantsModules(path);
    return entry.name.endsWith('.constants.ts') ? [path] : [];
  });
}

describe('*.constants.ts modules', () => {
  const modules = constantsModules(root);

  it('exist for what the browser imports without zod', () => {
    expect(modules.map((path) => path.slice(root.length)).sort()).toEqual([
      'admin/admin.constants.ts',
      'dashboard/dashboard.constants.ts',
      'http/http.constants.ts',
      'insights/insights.constants.ts',
      'journal/journal.constants.ts',
      'notifications/notifications.constants.ts',
      'realtime/realtime.constants.ts',
      'roles/role.constants.ts',
    ]);
  });

  it.each(modules.map((path) => [path.slice(root.length), path]))(
    '%s loads no other module at run time',
    (_name, path) => {
      const imports = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => /^\s*(import|export)\b.*\bfrom\b/.test(line));
      const runtime = imports.filter(
        (line) => !/^\s*import type\b/.test(line) && !/from '\.\/[\w-]+\.constants'/.test(line),
      );
      expect(runtime).toEqual([]);
    },
  );
});
