import { CHAT_MESSAGES, type UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import type { Conversation } from '@kaleido/shared/chat/chat.schemas';
import { chatKeys, createConversation } from '../api/chat-requests';
import { CHAT_ERRORS, toastChatError } from '../api/chat-toasts';
import { useUserSearch } from '../hooks/use-user-search';

function knownConversation(queryClient: QueryClient, id: string): boolean {
  const list = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
  return list?.some((c) => c.id === id) ?? false;
}

/**
 * 'Start New Conversation': find a person by name or email and open a conversation with them.
 * A conversation that already exists with that person opens instead of a second one.
 * Rendered inside a `Dialog` root owned by the page.
 */
export function NewConversationDialog({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const { query, pending, searched } = useUserSearch(text);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inputId = useId();
  const create = useMutation({
    mutationFn: (user: UserSearchResult) => createConversation(user.user_id),
    onSuccess: async (conversation) => {
      if (!knownConversation(queryClient, conversation.id)) {
        toast.success('Success', { description: 'Conversation created successfully' });
      }
      await queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      onDone();
      await navigate(`/app/chat/${conversation.id}`);
    },
    onError: () => toastChatError(CHAT_ERRORS.create),
  });
  const users = query.data ?? [];

  return (
    <DialogContent
      title="Start New Conversation"
      description="Search for a person by name or email."
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
          <p className="text-sm text-muted-foreground">No users found</p>
        )}
        {users.length > 0 && (
          <ul aria-label="Search results" className="flex max-h-72 flex-col gap-1 overflow-y-auto">
            {users.map((user) => (
              <li key={user.user_id}>
                <button
                  type="button"
                  disabled={create.isPending}
                  onClick={() => create.mutate(user)}
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
