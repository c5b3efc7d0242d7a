import type { JournalTag } from '@kaleido/shared/journal/journal.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { journalKeys } from '../../../lib/api/journal';
import { errorMessage } from '../../../lib/api-client';
import { deleteJournalTag, mergeJournalTag, renameJournalTag } from '../api/journal-requests';
import { journalTagsQuery } from '../hooks/use-journal-queries';

/** One tag: rename in place, merge into another, or delete (its entries keep their text). */
function TagRow({ tag, others }: { tag: JournalTag; others: JournalTag[] }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(tag.name);
  const [into, setInto] = useState('');
  // Merge and delete change many entries at once: each asks, saying what it will do, first.
  const [asking, setAsking] = useState<'merge' | 'delete' | null>(null);
  const target = others.find((other) => other.id === into);
  const entries = `${tag.count} ${tag.count === 1 ? 'entry' : 'entries'}`;
  const done = (message: string) => async () => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: journalKeys.all });
  };
  const fail = (error: Error) => toast.error('Error', { description: errorMessage(error) });
  const rename = useMutation({
    mutationFn: () => renameJournalTag(tag.id, name),
    onSuccess: done('Tag renamed'),
    onError: fail,
  });
  const merge = useMutation({
    mutationFn: () => mergeJournalTag(tag.id, into),
    onSuccess: done('Tags merged'),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => deleteJournalTag(tag.id),
    onSuccess: done('Tag deleted'),
    onError: fail,
  });
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3">
      <div className="flex gap-2">
        <Input
          aria-label={`Name of tag ${tag.name}`}
          className="h-9"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={name.trim() === tag.name || rename.isPending}
          onClick={() => rename.mutate()}
        >
          Rename
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">
          {tag.count} {tag.count === 1 ? 'entry' : 'entries'}
        </span>
        {others.length > 0 && (
          <>
            <select
              aria-label={`Merge ${tag.name} into`}
              className="h-8 rounded-md border bg-background px-2"
              value={into}
              onChange={(event) => setInto(event.target.value)}
            >
              <option value="">Merge into…</option>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="outline"
              disabled={!into || merge.isPending}
              onClick={() => setAsking('merge')}
            >
              Merge
            </Button>
          </>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete tag ${tag.name}`}
          disabled={remove.isPending}
          onClick={() => setAsking('delete')}
        >
          Delete
        </Button>
      </div>
      {asking && (
        <div
          role="group"
          aria-label={asking === 'merge' ? 'Confirm merging tags' : 'Confirm deleting the tag'}
          className="grid gap-2 rounded-md bg-muted p-3 text-sm"
        >
          <p>
            {asking === 'merge'
              ? `Move ${entries} from “${tag.name}” to “${target?.name ?? ''}” and delete “${tag.name}”? This cannot be undone.`
              : `Remove “${tag.name}” from ${entries} and delete it? The entries keep their text. This cannot be undone.`}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={merge.isPending || remove.isPending}
              onClick={() => {
                setAsking(null);
                if (asking === 'merge') merge.mutate();
                else remove.mutate();
              }}
            >
              {asking === 'merge' ? 'Merge tags' : 'Delete tag'}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/** Tags are made on the fly while writing; here they are tidied. */
export function TagManagerDialog() {
  const [open, setOpen] = useState(false);
  const { data: tags = [] } = useQuery({ ...journalTagsQuery(), enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="link" size="inline">
          Manage tags
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Your tags"
        description="Rename a tag, merge two into one, or delete one; entries keep their text."
        className="max-h-[85vh] overflow-y-auto"
      >
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tags yet. Add them while writing.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {tags.map((tag) => (
              <TagRow
                key={`${tag.id}-${tag.name}`}
                tag={tag}
                others={tags.filter((t) => t.id !== tag.id)}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
