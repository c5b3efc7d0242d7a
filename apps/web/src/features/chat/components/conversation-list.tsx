import type { Conversation } from '@kaleido/shared/chat/chat.schemas';
import { MessageSquarePlus } from 'lucide-react';
import { NavLink } from 'react-router';
import { LetterAvatar, nameInitials } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatMessageTime } from './format-time';

/** The left pane: every conversation, newest activity first, with its unread count. */
export function ConversationList({
  conversations,
  loading,
  onNew,
}: {
  conversations: Conversation[] | undefined;
  loading: boolean;
  onNew: () => void;
}) {
  return (
    <nav aria-labelledby="chat-conversations-heading" className="flex min-h-0 flex-col border-r">
      <div className="flex items-center justify-between gap-2 border-b p-3">
        <h2 id="chat-conversations-heading" className="font-semibold">
          Conversations
        </h2>
        <Button size="sm" onClick={onNew}>
          <MessageSquarePlus aria-hidden="true" /> New Chat
        </Button>
      </div>
      {loading && <Spinner label="Loading conversations" />}
      {conversations?.length === 0 && (
        <div className="p-6 text-center text-sm">
          <p className="font-medium">No conversations yet</p>
          <p className="text-muted-foreground">Start a conversation to connect with others</p>
        </div>
      )}
      {conversations && conversations.length > 0 && (
        <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-list">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow conversation={conversation} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const name = conversation.other_participant.full_name;
  const unread = conversation.unread_count;
  return (
    <NavLink
      to={`/app/chat/${conversation.id}`}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 border-b px-3 py-3 hover:bg-accent focus-visible:bg-accent',
          isActive && 'bg-accent',
        )
      }
    >
      <LetterAvatar letters={nameInitials(name)} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">
            {formatMessageTime(conversation.last_message?.created_at ?? conversation.updated_at)}
          </span>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-xs text-muted-foreground">
            {conversation.last_message?.content ?? 'No messages yet'}
          </span>
          {unread > 0 && (
            <span
              className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
              aria-label={`${unread} unread`}
            >
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </span>
      </span>
    </NavLink>
  );
}
