import type { ChatUser, Conversation } from '@kaleido/shared/chat/chat.schemas';
import { useQuery } from '@tanstack/react-query';
import { Phone, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { conversationQuery } from '../../../lib/api/conversations';
import { useFeature } from '../../../lib/instance-features';
import { useConversationMessages } from '../hooks/use-conversation-messages';
import { useSendMessage } from '../hooks/use-send-message';
import { Composer } from './composer';
import { MessageList } from './message-list';

/** The right pane for one conversation: who it is with, its live messages, and the composer. */
export function MessagePane({
  conversationId,
  listed,
  me,
}: {
  conversationId: string;
  /** The conversation's row in the list, when the list has it (it carries live receipts). */
  listed: Conversation | undefined;
  me: ChatUser;
}) {
  const single = useQuery({
    ...conversationQuery(conversationId),
    enabled: listed === undefined,
    retry: false,
  });
  const conversation = listed ?? single.data;
  // Video calls are offered only while the instance has video input on (the server refuses them).
  const callTypes = useFeature('video_input')
    ? (['audio', 'video'] as const)
    : (['audio'] as const);
  const { query, otherTyping, hasEarlier, loadingEarlier, loadEarlier } = useConversationMessages(
    conversationId,
    me.id ?? undefined,
  );
  const send = useSendMessage(conversationId, me);
  const name = conversation?.other_participant.full_name;
  const otherId = conversation?.other_participant.id;

  const failed = query.isError || single.isError;
  return (
    <section aria-labelledby="chat-pane-heading" className="flex min-h-0 flex-col">
      <div className="flex items-start gap-2 border-b p-3">
        <div className="min-w-0 flex-1">
          <h2 id="chat-pane-heading" className="truncate font-semibold">
            {name ?? 'Conversation'}
          </h2>
          <p className="h-4 text-xs text-muted-foreground" aria-live="polite">
            {otherTyping && `${name ?? 'They'} is typing…`}
          </p>
        </div>
        {otherId && (
          <div className="flex gap-1">
            {callTypes.map((type) => (
              <Link
                key={type}
                to={`/app/calls/new/${type}?to=${encodeURIComponent(otherId)}&name=${encodeURIComponent(name ?? '')}`}
                className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                aria-label={`${type === 'audio' ? 'Audio' : 'Video'} call ${name ?? ''}`.trim()}
                title={type === 'audio' ? 'Audio call' : 'Video call'}
              >
                {type === 'audio' ? <Phone aria-hidden="true" /> : <Video aria-hidden="true" />}
              </Link>
            ))}
          </div>
        )}
      </div>
      {failed ? (
        <p className="flex-1 p-6 text-center text-sm text-muted-foreground">
          This conversation could not be loaded.
        </p>
      ) : query.data ? (
        <MessageList
          messages={query.data}
          userId={me.id ?? undefined}
          otherLastReadSeq={conversation?.other_last_read_seq ?? '0'}
          earlier={
            hasEarlier ? (
              <Button
                variant="outline"
                size="sm"
                className="self-center"
                disabled={loadingEarlier}
                onClick={() => void loadEarlier()}
              >
                Load earlier messages
              </Button>
            ) : null
          }
          onRetry={(message) => {
            if (message.outgoing) void send(message.outgoing, message.client_id);
          }}
        />
      ) : (
        <Spinner label="Loading messages" className="flex-1" />
      )}
      <Composer conversationId={conversationId} onSend={send} />
    </section>
  );
}
