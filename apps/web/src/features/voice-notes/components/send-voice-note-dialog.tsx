import { DIRECTORY_MESSAGES } from '@kaleido/shared/users/directory.schemas';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usersSearchQuery } from '../../../lib/api/users-search';
import type { useVoiceNoteMutations } from '../hooks/use-voice-note-mutations';

/** Find a person by name or email and send them this note (it lands in their inbox). */
export function SendVoiceNoteDialog({
  title,
  send,
}: {
  title: string;
  send: ReturnType<typeof useVoiceNoteMutations>['send'];
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const inputId = useId();
  const results = useQuery({
    ...usersSearchQuery(q),
    enabled: open && q.length > 0,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText('');
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Send ${title}`}>
          <Send aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent title="Send voice note" description={`Send "${title}" to someone's inbox.`}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={inputId}>Find users</Label>
          <Input
            id={inputId}
            type="search"
            value={text}
            autoComplete="off"
            placeholder="Search by name or email"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {results.isError && (
          <p role="alert" className="text-sm text-destructive">
            Failed to search users
          </p>
        )}
        {results.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">{DIRECTORY_MESSAGES.noMatch}</p>
        )}
        {results.data && results.data.length > 0 && (
          <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" aria-label="People found">
            {results.data.map((user) => (
              <li key={user.user_id}>
                <Button
                  variant="ghost"
                  className="h-auto w-full flex-col items-start py-2"
                  disabled={send.isPending}
                  onClick={() =>
                    send.mutate(user.user_id, {
                      onSuccess: () => {
                        setOpen(false);
                        setText('');
                        toast.success('Voice note sent', {
                          description: `Sent to ${user.full_name}.`,
                        });
                      },
                      onError: (error) => toast.error('Error', { description: error.message }),
                    })
                  }
                >
                  <span>{user.full_name}</span>
                  <span className="text-xs text-muted-foreground">{user.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
