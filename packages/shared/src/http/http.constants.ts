/** Zod-free, so the browser's first screens can import it (see constants.test.ts). */

/** Header that carries the anti-forgery token on state-changing requests. */
export const CSRF_HEADER = 'x-csrf-token';
