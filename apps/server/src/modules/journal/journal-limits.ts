import type { RateLimitRule, RateLimitService } from '../rate-limit/rate-limit.service';
import type { StorageQuota } from '../storage/storage-quota';

/**
 * How fast one person may write to their journal (security probe 2, N8). Each is far above a
 * person writing — a few entries a day, an autosave after each pause in typing (800 ms) — and
 * far below a script filling the disk. Bytes are bounded by the storage quota as well.
 */
export const JOURNAL_LIMITS = {
  entries: {
    bucket: 'journal-entry',
    max: 30,
    windowSeconds: 600,
    message: 'You are adding journal entries too fast. Please wait a few minutes and try again.',
  },
  voiceEntries: {
    bucket: 'journal-voice-entry',
    max: 20,
    windowSeconds: 600,
    message: 'You are adding voice entries too fast. Please wait a few minutes and try again.',
  },
  /** Every saved edit keeps a version: this bounds how fast history grows. */
  edits: {
    bucket: 'journal-edit',
    max: 60,
    windowSeconds: 600,
    message: 'You are saving changes too fast. Please wait a few minutes and try again.',
  },
  drafts: {
    bucket: 'journal-draft',
    max: 120,
    windowSeconds: 60,
    message: 'Your draft is being saved too often. Please wait a minute.',
  },
  tags: {
    bucket: 'journal-tag',
    max: 60,
    windowSeconds: 600,
    message: 'You are changing tags too fast. Please wait a few minutes and try again.',
  },
} satisfies Record<string, RateLimitRule>;

export type JournalLimits = ReturnType<typeof createJournalLimits>;

const bytesOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body ?? ''), 'utf8');

/** Asked by the journal's routes before a write: the pace first, then the room for its bytes. */
export function createJournalLimits(deps: {
  rateLimits: Pick<RateLimitService, 'consume'>;
  storage: Pick<StorageQuota, 'assertFits'>;
}) {
  return {
    /** A text write (`body` is what will be stored): throws 429 or 507. */
    async write(rule: RateLimitRule, userId: string, body: unknown): Promise<void> {
      await deps.rateLimits.consume(rule, userId);
      await deps.storage.assertFits(userId, bytesOf(body));
    },
    /** An upload or a change that adds no bytes of text: throws 429 (uploads ask files for room). */
    pace: (rule: RateLimitRule, userId: string) => deps.rateLimits.consume(rule, userId),
  };
}
