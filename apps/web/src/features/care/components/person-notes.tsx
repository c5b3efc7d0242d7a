import type { CareNote } from '@kaleido/shared/care/care-notes.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../api/care-requests';
import { formatDay } from '../care-format';

/** The professional's private notes about one person: add, edit in place, delete. */
export function Notes({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const notes = useQuery({
    queryKey: careKeys.notes(userId),
    queryFn: () => careApi.notes(userId),
    retry: false,
  });
  const [draft, setDraft] = useState('');
  const add = useMutation({
    mutationFn: () => careApi.addNote(userId, draft),
    onSuccess: () => {
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: careKeys.notes(userId) });
    },
  });
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (draft.trim()) add.mutate();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Private notes</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-xs text-muted-foreground">Only you can read these notes.</p>
        <form onSubmit={submit} className="grid gap-2">
          <textarea
            aria-label="New note"
            className="min-h-20 rounded-md border bg-background p-2 text-sm"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div>
            <Button type="submit" size="sm" disabled={add.isPending || !draft.trim()}>
              Add note
            </Button>
          </div>
        </form>
        <ul aria-label="Notes" className="grid gap-2 text-sm">
          {notes.data?.notes.map((n) => (
            <NoteItem key={n.id} note={n} userId={userId} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** One note: read, edit in place (Save / Cancel), or delete. */
function NoteItem({ note, userId }: { note: CareNote; userId: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: careKeys.notes(userId) });
  const save = useMutation({
    mutationFn: (content: string) => careApi.updateNote(note.id, content),
    onSuccess: async () => {
      await refresh();
      setEditing(null);
    },
  });
  const remove = useMutation({
    mutationFn: () => careApi.deleteNote(note.id),
    onSuccess: refresh,
  });
  const edited = note.updatedAt !== note.createdAt;
  return (
    <li className="grid gap-2 rounded-md border p-2">
      {editing === null ? (
        <p className="whitespace-pre-wrap">{note.content}</p>
      ) : (
        <textarea
          aria-label="Edit note"
          className="min-h-20 rounded-md border bg-background p-2 text-sm"
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">
          {formatDay(note.createdAt)}
          {edited ? ` · edited ${formatDay(note.updatedAt)}` : ''}
        </span>
        <span className="flex gap-2">
          {editing === null && confirming ? (
            <>
              <span className="text-xs">Delete this note?</span>
              <Button
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Delete note
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : editing === null ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setEditing(note.content)}>
                Edit
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                disabled={save.isPending || !editing.trim()}
                onClick={() => save.mutate(editing)}
              >
                Save
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </>
          )}
        </span>
      </div>
    </li>
  );
}
