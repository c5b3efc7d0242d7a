import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROFILE_FIELD_IDS } from './profile/profile-fields';
import { profileValueSchema } from './profile/profile.schemas';
import { fuzzObject, fuzzRuns, fuzzValue } from './testing/fuzz-inputs';

/**
 * Every zod schema packages/shared exports, found by importing every module (a new schema is
 * fuzzed without being listed here), fed generated input: parsing may refuse, never throw.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

async function exportedSchemas(): Promise<[string, z.ZodType][]> {
  const found: [string, z.ZodType][] = [];
  for (const file of sourceFiles(root)) {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (value instanceof z.ZodType) found.push([`${relative(root, file)} ${name}`, value]);
  }
  for (const id of PROFILE_FIELD_IDS)
    found.push([`profileValueSchema('${id}')`, profileValueSchema(id)]);
  return found;
}

function inputFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodObject)
    return fc.oneof(fuzzObject(Object.keys(schema.shape)), fuzzValue);
  return fuzzValue;
}

const schemas = await exportedSchemas();
const runs = fuzzRuns(30);

describe('every shared schema takes any input without throwing', () => {
  it('finds the schemas (the fuzzing below is not vacuous)', () => {
    expect(schemas.length).toBeGreaterThan(40);
    expect(schemas.map(([name]) => name)).toContain('chat/chat.schemas.ts SendMessageBodySchema');
  });

  it.each(schemas)(
    '%s',
    async (_name, schema) => {
      await fc.assert(
        fc.asyncProperty(inputFor(schema), async (input) => {
          const result = await schema.safeParseAsync(input);
          if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
        }),
        { numRuns: runs },
      );
    },
    600_000,
  );
});
