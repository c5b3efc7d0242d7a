import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { journalHistoryQuery, useUserTimezone } from '../hooks/use-journal-queries';
import { formatEntryTime, MOOD_LABELS, PRIVACY_LABELS } from '../journal-format';

/** Earlier versions of the entry, newest first, each as it read before the edit replaced it. */
export function EntryHistoryDialog({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const timezone = useUserTimezone();
  const history = useQuery({ ...journalHistoryQuery(id), enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <History aria-hidden="true" /> History
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Edit history"
        description="Earlier versions of this entry, as they read before each edit."
        className="max-h-[85vh] max-w-2xl overflow-y-auto"
      >
        {history.isPending && <Spinner label="Loading history" />}
        {history.isError && <Alert tone="error">{history.error.message}</Alert>}
        {history.isSuccess && history.data.length === 0 && (
          <p className="text-sm text-muted-foreground">This entry has not been edited.</p>
        )}
        {history.isSuccess && history.data.length > 0 && (
          <ol className="flex flex-col gap-3" data-testid="entry-history">
            {history.data.map((version) => (
              <li key={version.id} className="rounded-md border p-3 text-sm">
                <p className="text-muted-foreground">
                  Replaced {formatEntryTime(version.editedAt, timezone)} ·{' '}
                  {MOOD_LABELS[version.mood].label} · {PRIVACY_LABELS[version.privacy_level].label}
                  {version.tags.length > 0 && ` · ${version.tags.join(', ')}`}
                </p>
                <p className="mt-1 font-medium">{version.title}</p>
                <p className="mt-1 whitespace-pre-wrap">{version.content}</p>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
