/** Zod-free, so the browser's first screens can import it (see constants.test.ts). */

/** The spec keeps at most 50 notifications, newest first. */
export const NOTIFICATIONS_KEPT = 50;
