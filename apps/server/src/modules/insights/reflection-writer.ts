import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { InsightTone } from '@kaleido/shared/insights/insights.constants';

/** Written texts kept in memory (one per person and week's figures). */
const KEPT = 2_000;
/** After a failed request, the same figures are not asked about again for this long. */
const RETRY_AFTER_MS = 10 * 60_000;
const MAX_LENGTH = 1_200;

const TONE_WORDS: Record<InsightTone, string> = {
  gentle: 'warm and gentle, encouraging without pressure',
  neutral: 'plain and factual',
  direct: 'brief and direct, no softening',
};

export type ReflectionWriter = ReturnType<typeof createReflectionWriter>;

export interface ReflectionStore {
  find(userId: string, week: string): Promise<{ key: string; text: string } | null>;
  save(
    userId: string,
    week: string,
    kept: { key: string; model: string; text: string },
  ): Promise<void>;
}

/**
 * The weekly reflection written by an OpenAI-compatible chat endpoint the operator runs
 * (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY), for people who turned it on. What is sent is the
 * reflection's figures as our templates state them (counts, average valence with its interval,
 * the most frequent emotion, recurring themes, channels) — never what the person wrote.
 *
 * Never in the way of a request: `textFor` answers what is already written, or null and asks in
 * the background once; `onWritten` then tells the person's tabs to read their insights again.
 * What is written is kept in `store` (one per person and week, with the hash of what it was
 * written from), so a restarted instance shows it without asking again; memory only saves the
 * look-up.
 */
export function createReflectionWriter(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  onWritten: (userId: string) => Promise<void>;
  /** Where written reflections are kept (analysis_reflections). */
  store: ReflectionStore;
  timeoutMs?: number;
  now?: () => number;
}) {
  const endpoint = `${options.baseUrl.replace(/\/$/, '').replace(/\/v1$/, '')}/v1/chat/completions`;
  const now = options.now ?? Date.now;
  const written = new Map<string, string>();
  const asking = new Set<string>();
  const failedAt = new Map<string, number>();
  const remember = (key: string, text: string) => {
    written.set(key, text);
    if (written.size > KEPT) written.delete(written.keys().next().value ?? '');
  };

  async function ask(facts: string, tone: InsightTone): Promise<string> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0.4,
        max_tokens: 300,
        messages: [
          {
            role: 'system',
            content: `You write the weekly reflection in a person's private journaling app. Use only the figures you are given; do not invent events, do not diagnose, give no medical advice. Two to four sentences, addressed to the person as "you", ${TONE_WORDS[tone]}. Plain text, no lists or headings.`,
          },
          { role: 'user', content: `The figures of my last 7 days:\n${facts}` },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    if (!response.ok)
      throw new Error(
        `language model answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      );
    const body = (await response.json()) as {
      choices?: { message?: { content?: unknown } }[];
    };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || !text.trim())
      throw new Error('language model answered without text');
    return text.trim().slice(0, MAX_LENGTH);
  }

  return {
    /**
     * The model's reflection of this week (`week`: its first day) for these figures, or null
     * (then it is asked for, once).
     */
    async textFor(
      userId: string,
      week: string,
      facts: string,
      tone: InsightTone,
    ): Promise<string | null> {
      const hash = createHash('sha256')
        .update(JSON.stringify([options.model, tone, facts]))
        .digest('hex');
      const key = `${userId}|${week}|${hash}`;
      const text = written.get(key);
      if (text !== undefined) return text;
      const stored = await options.store.find(userId, week);
      if (stored?.key === hash) {
        remember(key, stored.text);
        return stored.text;
      }
      const failed = failedAt.get(key);
      if (asking.has(key) || (failed !== undefined && now() - failed < RETRY_AFTER_MS)) return null;
      asking.add(key);
      void ask(facts, tone)
        .then(async (answer) => {
          await options.store.save(userId, week, { key: hash, model: options.model, text: answer });
          remember(key, answer);
          failedAt.delete(key);
          await options.onWritten(userId);
        })
        .catch((error: unknown) => {
          failedAt.set(key, now());
          options.log.warn({ err: error }, 'weekly reflection not written by the language model');
        })
        .finally(() => asking.delete(key));
      return null;
    },
  };
}
