import fc from 'fast-check';

/**
 * Generated input for the fuzz tests (schemas.fuzz.test.ts, routes.fuzz.test.ts): the values
 * that broke us before — NUL bytes, unpaired surrogates, deep nesting, prototype keys, huge
 * numbers — mixed with ordinary ones so that checks past the first field are reached too.
 */

// Node's `process`, without Node's types in a package the browser also compiles.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;

/** Cases per schema or route: `quick` in `npm test`; FUZZ_RUNS (`npm run fuzz`: 10,000) if set. */
export function fuzzRuns(quick: number): number {
  return Number(env?.FUZZ_RUNS) || quick;
}

const awkwardStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uD83D\uDE00',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '../../etc/passwd',
  'null',
  '-1',
  '1e309',
  '9007199254740993',
  '2024-02-30T25:61:00Z',
  '00000000-0000-0000-0000-000000000000',
  'a@b.co',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\\',
  '%',
  '_',
  'x'.repeat(10_001),
);

export const fuzzString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: awkwardStrings },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
);

const fuzzNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e21, Number.MAX_SAFE_INTEGER + 2),
);

/** An object nested `depth` deep (arrays and objects by turns). */
export function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/**
 * Any JSON-ish value, now and then undefined or stack-deep. Objects have a prototype, like every
 * object JSON.parse or the query parser makes (zod's own length checks throw on prototype-less
 * ones, which no request can produce).
 */
export const fuzzValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fuzzString,
    fuzzNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fuzzString, tie('value'), { maxKeys: 4, noNullPrototype: true }),
    fc.integer({ min: 30, max: 3_000 }).map((depth) => nested(depth)),
  ),
})).value;

/** An object with (some of) the keys a schema knows, each holding any value, plus strays. */
export function fuzzObject(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, fuzzValue])), {
    requiredKeys: [],
    noNullPrototype: true,
  });
  return fc.oneof(
    { weight: 4, arbitrary: known },
    {
      weight: 1,
      arbitrary: fc
        .tuple(known, fc.dictionary(fuzzString, fuzzValue, { maxKeys: 2, noNullPrototype: true }))
        .map(([a, b]) => ({ ...b, ...a })),
    },
  );
}
