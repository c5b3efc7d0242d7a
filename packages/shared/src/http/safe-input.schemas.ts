import { z } from 'zod';
import { findUnsafeInput } from './safe-input';

/**
 * Any JSON value, checked iteratively first: no NUL or unpaired surrogate in a key or string and
 * no deeper than MAX_JSON_DEPTH, so zod's recursive JSON schema never sees a stack-breaking value.
 */
export const SafeJsonSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const unsafe = findUnsafeInput(value);
    if (unsafe)
      ctx.addIssue({
        code: 'custom',
        message: unsafe.message,
        path: unsafe.path,
        input: value,
      });
  })
  .pipe(z.json());
