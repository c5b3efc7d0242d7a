import { useEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage } from '../hooks/message-cache';
import { MessageItem } from './message-item';

/** The conversation's messages, oldest first, kept scrolled to the newest. */
export function MessageList({
  messages,
  userId,
  otherLastReadSeq,
  earlier,
  onRetry,
}: {
  messages: ChatMessage[];
  userId: string | undefined;
  otherLastReadSeq: string;
  /** 'Load earlier messages', when there are older ones. */
  earlier: ReactNode;
  onRetry: (message: ChatMessage) => void;
}) {
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  // Follow the newest message; older pages loaded above leave the view where it is.
  const newestKey = messages.at(-1)?.client_id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newestKey]);

  // 'Seen' goes under our newest message the other person has read.
  const read = BigInt(otherLastReadSeq || '0');
  const seenId = messages.findLast(
    (m) => !m.status && m.user_id === userId && BigInt(m.seq) <= read,
  )?.id;

  if (count === 0) {
    return (
      <p className="flex-1 p-6 text-center text-sm text-muted-foreground">
        No messages yet. Say hello!
      </p>
    );
  }
  return (
    <div
      role="log"
      aria-label="Messages"
      className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4"
    >
      {earlier}
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <MessageItem
            key={`${message.user_id ?? ''}:${message.client_id}`}
            message={message}
            own={message.user_id === userId}
            seen={message.id === seenId}
            onRetry={onRetry}
          />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}
