import { z } from 'zod';

/**
 * How much a person stores and how much room is left (GET /api/account/storage, the Settings
 * screen). Counted: every file they uploaded (voice entries, voice notes, chat and mail
 * attachments, their avatar, call recording pieces) and the text of their journal (entries,
 * kept versions, drafts). `quotaBytes` null: the instance sets no quota.
 */
export const StorageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive().nullable(),
  remainingBytes: z.number().int().nonnegative().nullable(),
  /** Where the bytes are, so a person knows what to delete to make room. */
  parts: z.object({
    files: z.number().int().nonnegative(),
    journalText: z.number().int().nonnegative(),
  }),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

export const STORAGE_MESSAGES = {
  /** The person's own quota is spent: says what to delete. */
  quotaExceeded:
    'Your storage space is full, so this was not saved. Delete some recordings, voice notes or attachments to make room (Settings shows how much you use).',
  /** The server keeps a reserve of free disk for its database; below it, writes wait. */
  reserveReached:
    'The server is running low on storage space, so this was not saved. Please try again later.',
} as const;

/** "1.5 MB": bytes in the units people read (decimal, as disks are sold). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // Two decimals below 10, so "1.01 MB of 1.05 MB" shows the difference that matters.
  const decimals = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const shown = Number(value.toFixed(decimals));
  return `${shown} ${units[unit] ?? ''}`;
}
