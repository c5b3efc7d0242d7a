import { randomBytes } from 'node:crypto';

/**
 * 32 random bytes in hex: the spec's anti-forgery token, one per session (better-auth's create
 * hook gives a new session one, refresh rotates it).
 */
export function newCsrfToken(): string {
  return randomBytes(32).toString('hex');
}
