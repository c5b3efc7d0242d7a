import { z } from 'zod';

/**
 * Imported first by every route chunk that uses the shared schemas: zod 4 otherwise probes
 * `new Function` to compile validators, which our CSP (`default-src 'self'`) reports as a
 * violation. Jitless parsing is a little slower and never evaluates strings.
 */
z.config({ jitless: true });

export { z };
