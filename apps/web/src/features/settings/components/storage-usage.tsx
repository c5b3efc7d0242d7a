import { useQuery } from '@tanstack/react-query';
import { StorageUsageSchema, formatBytes } from '@kaleido/shared/storage/storage.schemas';
import { api } from '../../../lib/api-client';

export const storageKeys = { usage: ['account', 'storage'] as const };

async function fetchStorageUsage() {
  return StorageUsageSchema.parse(await api.get<unknown>('/api/account/storage'));
}

/**
 * How much the person stores and the room left of their quota (STORAGE_QUOTA_MB), so a refusal
 * "your storage space is full" never comes as a surprise, and what to delete is clear.
 */
export function StorageUsageSummary() {
  const usage = useQuery({ queryKey: storageKeys.usage, queryFn: fetchStorageUsage });
  if (!usage.data) return null;
  const { usedBytes, quotaBytes, remainingBytes, parts } = usage.data;
  return (
    <div className="grid gap-2 py-3" aria-label="Storage used">
      <p className="text-sm">
        {quotaBytes === null ? (
          <>You store {formatBytes(usedBytes)}.</>
        ) : (
          <>
            You use {formatBytes(usedBytes)} of {formatBytes(quotaBytes)}:{' '}
            <strong>{formatBytes(remainingBytes ?? 0)} left</strong>.
          </>
        )}
      </p>
      {quotaBytes !== null && (
        <progress
          className="h-2 w-full accent-primary"
          max={quotaBytes}
          value={Math.min(usedBytes, quotaBytes)}
          aria-label="Storage used of your quota"
        />
      )}
      <p className="text-sm text-muted-foreground">
        Recordings, voice notes, attachments and pictures: {formatBytes(parts.files)}. Journal text,
        with its history and drafts: {formatBytes(parts.journalText)}. Deleting some of them makes
        room.
      </p>
    </div>
  );
}
