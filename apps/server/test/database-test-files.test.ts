import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { splitTestFiles } from './database-test-files';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
// Spelled in pieces: written whole, they would place this file itself in the database project.
const ASK_FOR_TARGET = ['inject(', "'testDatabase'", ')'].join('');
const TARGET_VARIABLE = ['TEST', 'DATABASE', 'URL'].join('_');

describe('which test files run on the PostgreSQL pass', () => {
  const root = mkdtempSync(join(tmpdir(), 'kaleido-split-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('test/target.ts', `export const target = () => ${ASK_FOR_TARGET};\n`);
  write('test/app.ts', "import { target } from './target';\nexport { target };\n");
  write('test/fixtures/people.ts', "export * from '../app.js';\n");
  write('test/env.ts', `export const onPostgres = Boolean(process.env.${TARGET_VARIABLE});\n`);
  write('src/a.ts', "import { b } from './b';\nexport const a = 1;\n");
  write('src/b.ts', "import { a } from './a';\nexport const b = a;\n");
  write('src/rules.ts', `// not the database: ${TARGET_VARIABLE} named in a comment\n`);

  it('places a file by what its imports reach, however deep, in whatever form', () => {
    write('src/direct.test.ts', "import { target } from '../test/target';\n");
    write('src/through-helpers.test.ts', "import { people } from '../test/fixtures/people';\n");
    write('src/env.test.ts', "import { onPostgres } from '../test/env';\n");
    write('src/dynamic.test.ts', "const app = await import('../test/app');\n");
    write('src/cycle.test.ts', "import { a } from './a';\nimport '../test/fixtures/people';\n");
    write('src/pure.test.ts', "import { a } from './a';\nimport { x } from './rules';\n");
    write(
      'src/mentions.test.ts',
      "// uses test/target.ts? no: import { t } from '../test/target'\n",
    );
    expect(splitTestFiles(root)).toEqual({
      database: [
        'src/cycle.test.ts',
        'src/direct.test.ts',
        'src/dynamic.test.ts',
        'src/env.test.ts',
        'src/through-helpers.test.ts',
      ],
      other: ['src/mentions.test.ts', 'src/pure.test.ts'],
    });
  });

  it('puts the route and process tests on it, and the pure rules not', () => {
    const { database, other } = splitTestFiles(serverRoot);
    expect(database).toContain('test/authorization-matrix.test.ts');
    expect(database).toContain('test/process/cli.test.ts');
    expect(database).toContain('src/jobs/job-queue.test.ts');
    expect(other).toContain('src/config/env.test.ts');
    expect(other).toContain('src/modules/insights/statistics.test.ts');
    expect(other).toContain('test/database-test-files.test.ts');
  });

  it('a file outside the database project that asks for the database fails, saying why', async () => {
    // A computed path: an import the classifier can see would move this file to the other project.
    const helper: string = ['.', 'test-database.ts'].join('/');
    const { testDatabaseTarget } = (await import(helper)) as { testDatabaseTarget: () => unknown };
    expect(() => testDatabaseTarget()).toThrow(/server:database project/);
  });
});
