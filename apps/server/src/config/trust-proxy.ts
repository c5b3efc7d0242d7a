import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: `false` (no proxy: the socket is the client)
 * or the addresses of the proxies. The client address is then the first one, from the right of
 * X-Forwarded-For, that no trusted proxy added. Never "trust every hop": the leftmost address is
 * whatever the client sent, so every per-address limit fell to a rotated header (probe N11).
 * `true` keeps its documented meaning, a proxy on this machine (`loopback`). No hop counts: they
 * cannot tell a proxy from a client that connects directly (Fastify 5 ignores them for that).
 */
export type TrustProxy = false | string[];

/** proxy-addr's names for ranges (Fastify passes them through). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const MESSAGE =
  'must be false, true (a proxy on this machine), or the proxies’ addresses and CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8); hop counts are not taken, as they cannot tell a proxy from a client';

export const TrustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (['false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes', '1'].includes(value)) return ['loopback'];
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every((e) => e !== '' && isAddressOrRange(e))) return entries;
    ctx.addIssue({ code: 'custom', message: MESSAGE });
    return z.NEVER;
  });
