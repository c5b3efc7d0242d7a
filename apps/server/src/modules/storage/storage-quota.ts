import {
  STORAGE_MESSAGES,
  formatBytes,
  type StorageUsage,
} from '@kaleido/shared/storage/storage.schemas';
import { AppError } from '../../http/errors';
import type { DiskReserve } from './disk-reserve';
import type { StorageUsageRepository } from './storage-usage.repository';

export type StorageQuota = ReturnType<typeof createStorageQuota>;

export const quotaExceeded = (usage: { usedBytes: number; quotaBytes: number }) =>
  new AppError(
    507,
    `${STORAGE_MESSAGES.quotaExceeded} You use ${formatBytes(usage.usedBytes)} of ${formatBytes(usage.quotaBytes)}.`,
    { code: 'STORAGE_QUOTA' },
  );

export const reserveReached = () =>
  new AppError(507, STORAGE_MESSAGES.reserveReached, { code: 'STORAGE_RESERVE' });

/**
 * Each person's storage quota (STORAGE_QUOTA_MB; 0 = none) and the disk's free-space reserve
 * (STORAGE_RESERVE_MB). Writes that add bytes ask here first: uploads (files.service, which
 * also stops a stream that outgrows the room left) and journal text (entries, edits, drafts).
 * Deleting never asks, so a person at their quota can always make room.
 */
export function createStorageQuota(deps: {
  usage: StorageUsageRepository;
  reserve: DiskReserve;
  quotaBytes: number | null;
}) {
  async function usageOf(userId: string): Promise<StorageUsage> {
    const [files, journalText] = await Promise.all([
      deps.usage.filesOf(userId),
      deps.usage.journalTextOf(userId),
    ]);
    const usedBytes = files + journalText;
    const quotaBytes = deps.quotaBytes;
    return {
      usedBytes,
      quotaBytes,
      remainingBytes: quotaBytes === null ? null : Math.max(0, quotaBytes - usedBytes),
      parts: { files, journalText },
    };
  }

  async function exceeded(userId: string): Promise<AppError> {
    const usage = await usageOf(userId);
    return quotaExceeded({ usedBytes: usage.usedBytes, quotaBytes: usage.quotaBytes ?? 0 });
  }

  /** Throws 507 when the disk is down to its reserve with `incoming` more bytes on it. */
  async function assertDiskRoom(incoming: number): Promise<void> {
    if (!(await deps.reserve.hasRoom(incoming))) throw reserveReached();
  }

  return {
    usageOf,
    exceeded,

    /**
     * For an upload, before its first byte is read: the bytes the person may still store
     * (Infinity without a quota). Throws 507 when the disk could not take `diskIncoming` more
     * (the most this kind of file may be) above its reserve, or the person's quota is spent.
     */
    async roomFor(userId: string, diskIncoming: number): Promise<number> {
      await assertDiskRoom(diskIncoming);
      if (deps.quotaBytes === null) return Number.POSITIVE_INFINITY;
      const usage = await usageOf(userId);
      const room = usage.remainingBytes ?? Number.POSITIVE_INFINITY;
      if (room <= 0) throw await exceeded(userId);
      return room;
    },

    /** For text: throws 507 unless `bytes` more fit the person's quota and the disk's reserve. */
    async assertFits(userId: string, bytes: number): Promise<void> {
      await assertDiskRoom(bytes);
      if (deps.quotaBytes === null) return;
      const usage = await usageOf(userId);
      if ((usage.remainingBytes ?? Number.POSITIVE_INFINITY) < bytes)
        throw quotaExceeded({ usedBytes: usage.usedBytes, quotaBytes: deps.quotaBytes });
    },
  };
}
