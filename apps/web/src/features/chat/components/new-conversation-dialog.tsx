import { DIRECTORY_MESSAGES } from '@kaleido/shared/users/directory.schemas';
import { CHAT_MESSAGES } from '@kaleido/shared/chat/chat.schemas';
import { useId, useState } from 'react';
import { DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useStartConversation } from '../hooks/use-start-conversation';
import { useUserSearch } from '../hooks/use-user-search';

/**
 * 'Start New Conversation': find a person by name or email and open a conversation with them.
 * A conversation that already exists with that person opens instead of a second one.
 * Rendered inside a `Dialog` root owned by the page.
 */
export function NewConversationDialog({
  onDone,
  onCloseAutoFocus,
}: {
  onDone: () => void;
  /** Opened from a button or from the URL (?new=true): where focus goes back on close. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [text, setText] = useState('');
  const { query, pending, searched } = useUserSearch(text);
  const inputId = useId();
  const create = useStartConversation({ onDone });
  const users = query.data ?? [];

  return (
    <DialogContent
      title="Start New Conversation"
      description="Search for a person by name or email."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Find users</Label>
        <Input
          id={inputId}
          type="search"
          autoComplete="off"
          placeholder="Search by name or email"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div aria-live="polite" className="min-h-10">
        {searched && (pending || query.isFetching) && (
          <Spinner label="Searching users" className="p-2" />
        )}
        {searched && !pending && query.isSuccess && users.length === 0 && (
          <p className="text-sm text-muted-foreground">{DIRECTORY_MESSAGES.noMatch}</p>
        )}
        {users.length > 0 && (
          <ul aria-label="Search results" className="flex max-h-72 flex-col gap-1 overflow-y-auto">
            {users.map((user) => (
              <li key={user.user_id}>
                <button
                  type="button"
                  disabled={create.isPending}
                  onClick={() => create.mutate(user.user_id)}
                  className="flex w-full flex-col items-start rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent disabled:opacity-60"
                >
                  <span className="text-sm font-medium">
                    {user.full_name.trim() || CHAT_MESSAGES.unknownUser}
                  </span>
                  <span className="text-xs text-muted-foreground">{user.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </DialogContent>
  );
}
