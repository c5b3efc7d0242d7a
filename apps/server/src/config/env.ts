import { z } from 'zod';
import {
  IceServersMintedSchema,
  IceServersSchema,
  isTurnServer,
  type IceServer,
} from '@kaleido/shared/calls/calls.schemas';
import { TrustProxySchema } from './trust-proxy';

/**
 * Every setting the server reads from the environment, parsed once at start-up.
 * A bad value stops start-up with a message naming the variable (see `loadConfig`).
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Removed (decision 041): read only to tell whoever still sets it why start-up stops. */
  MAIL_OUTBOX: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Kaleido <no-reply@kaleido.local>'),
  SUPPORT_EMAIL: z.email().default('support@kaleido.local'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Which proxies' X-Forwarded-For to believe (config/trust-proxy.ts). */
  TRUST_PROXY: TrustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Minutes without activity after which the server ends a session (SPEC §9: 30). */
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  /** Hours after sign-in after which a session ends whatever the activity. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** Raise or lower every auth rate limit by this factor (tests and load benchmarks). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  STT_BASE_URL: z.url().optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().default('whisper-1'),
  /**
   * An OpenAI-compatible chat endpoint the operator runs (llama.cpp server, vLLM, Ollama,
   * LocalAI, …): with LLM_BASE_URL and LLM_MODEL set, it may write the weekly reflection of
   * people who turn that on. LLM_API_KEY is sent as a bearer token when set.
   */
  LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /**
   * STUN/TURN servers for calls: a JSON array of RTCIceServer (`[{"urls":"stun:host:3478"},
   * {"urls":"turn:host:3478","username":"u","credential":"p"}]`). Unset: none, so calls connect
   * only on one network (docs/deploy.md, coturn).
   */
  ICE_SERVERS: z.string().optional(),
  /**
   * coturn's `static-auth-secret` (with `use-auth-secret`): when set, each signed-in person gets
   * TURN credentials for the turn: servers of ICE_SERVERS that expire after
   * TURN_CREDENTIAL_TTL_SECONDS (username `<expiry>:<userId>`, credential
   * base64(HMAC-SHA1(secret, username))), instead of one static password shared by all.
   */
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TURN_CREDENTIAL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60, 'must be at least 60 seconds')
    .max(7 * 24 * 3600, 'must be at most 7 days')
    .default(12 * 3600),
  /** Bearer token that lets a scraper on another machine read /metrics (loopback needs none). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Each person's storage quota in MiB (files they upload plus their journal's text); 0 turns
   * it off. Settings shows each person their use (docs/decisions/044-storage-quotas.md).
   */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * Free space in MiB kept on the disk of DATA_DIR for the database: below it, uploads and
   * journal writes are refused with 507 (0 turns it off).
   */
  STORAGE_RESERVE_MB: z.coerce.number().int().min(0).default(512),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
});

export type Config = z.infer<typeof EnvSchema> & {
  /** The origin links in mail point to. */
  publicUrl: string;
  /** ICE_SERVERS, parsed and checked. */
  iceServers: IceServer[];
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if ((c.LLM_BASE_URL || c.LLM_API_KEY || c.LLM_MODEL) && !(c.LLM_BASE_URL && c.LLM_MODEL))
    throw new ConfigError(
      'Invalid configuration:\n  LLM_BASE_URL and LLM_MODEL go together (LLM_API_KEY is optional): set both, or none of the three',
    );
  const publicUrl = (c.PUBLIC_URL ?? `http://${hostForUrl(c.HOST)}:${c.PORT}`).replace(/\/$/, '');
  const iceServers = parseIceServers(c.ICE_SERVERS, c.TURN_SECRET !== undefined);
  if (c.TURN_SECRET && !iceServers.some(isTurnServer))
    throw new ConfigError(
      'Invalid configuration:\n  TURN_SECRET: set, but ICE_SERVERS names no turn: server to use it with',
    );
  return { ...c, publicUrl, iceServers };
}

function parseIceServers(raw: string | undefined, minted: boolean): IceServer[] {
  if (raw === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  ICE_SERVERS: must be a JSON array, e.g. [{"urls":"stun:stun.example.org:3478"}]',
    );
  }
  const servers = (minted ? IceServersMintedSchema : IceServersSchema).safeParse(json);
  if (!servers.success) {
    const lines = servers.error.issues.map(
      (i) => `ICE_SERVERS${i.path.map((p) => `[${String(p)}]`).join('')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return servers.data;
}

/**
 * Who may read the whole mails of the local outbox (`/dev/mailbox`), where mail goes when
 * SMTP_URL is unset:
 * - `none`: SMTP is configured, there is no outbox;
 * - `local`: development and tests — a browser on this machine (loopback peer) only. The outbox
 *   holds every reset and verification link, so whoever reads it owns every account: admins
 *   included, who see only that mails went out (GET /api/admin/outbox).
 * Production without SMTP_URL is refused: nobody would receive reset or verification links, and
 * the only readers of an outbox would be people other than the recipient. MAIL_OUTBOX=admin, which
 * showed it to admins, is gone for that reason (decision 041) and stops start-up with a message.
 */
export type OutboxAccess = 'none' | 'local';

export function outboxAccessOf(config: Config): OutboxAccess {
  if (config.MAIL_OUTBOX !== undefined)
    throw new ConfigError(
      [
        'MAIL_OUTBOX was removed: an outbox admins can read hands them every reset link (decision 041).',
        '  Unset it, and set SMTP_URL=smtp://user:password@host:587 (or smtps://…) and MAIL_FROM.',
      ].join('\n'),
    );
  if (config.SMTP_URL) return 'none';
  if (config.NODE_ENV !== 'production') return 'local';
  throw new ConfigError(
    [
      'SMTP_URL is required when NODE_ENV=production, so verification and password reset links reach people.',
      '  Set SMTP_URL=smtp://user:password@host:587 (or smtps://…) and MAIL_FROM.',
      '  Mail cannot be kept on the server instead: only the recipient may read those links.',
    ].join('\n'),
  );
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
