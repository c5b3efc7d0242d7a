/**
 * What no text or JSON we accept may hold, checked once for every field (zod-free, so the server's
 * request guard, the schemas and the browser share it). PostgreSQL cannot store a NUL in text or
 * jsonb, an unpaired surrogate is not Unicode at all, and deep nesting makes recursive code (zod's
 * own JSON schema, JSON.stringify) overflow the stack: each gave a 500 before (issue 16).
 */

/** Deeper than any shape we accept; legitimate bodies nest five levels at most. */
export const MAX_JSON_DEPTH = 32;

export const UNSAFE_TEXT_MESSAGE =
  'Text cannot contain NUL characters (\\u0000) or unpaired surrogates.';
export const TOO_DEEP_MESSAGE = `The data is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

export interface UnsafeInput {
  /** Keys from the root to the offending value ([] for the value itself). */
  path: string[];
  message: string;
  reason: 'unsafe_text' | 'too_deep';
}

/**
 * The first string (value or key) that is not safe text, or the first place nested deeper than
 * `maxDepth`, walking with an explicit stack so no input can overflow ours.
 */
export function findUnsafeInput(value: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (!isSafeText(current))
        return { path, message: UNSAFE_TEXT_MESSAGE, reason: 'unsafe_text' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { path, message: TOO_DEEP_MESSAGE, reason: 'too_deep' };
    for (const [key, child] of Object.entries(current)) {
      if (!isSafeText(key)) return { path, message: UNSAFE_TEXT_MESSAGE, reason: 'unsafe_text' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/**
 * Whether JSON text opens more than `maxDepth` objects or arrays at once, read in one pass before
 * it is parsed (so a 100,000-deep body costs one scan, not a parse).
 */
export function jsonNestsDeeperThan(json: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * A refused value as an error message may show it: text as is (cut to 100 characters), anything
 * else by its kind. `String(value)` throws for an object without a prototype.
 */
export function describeInput(input: unknown): string {
  if (typeof input === 'string') return input.length > 100 ? `${input.slice(0, 100)}…` : input;
  if (typeof input === 'number' || typeof input === 'boolean') return String(input);
  return input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input;
}
