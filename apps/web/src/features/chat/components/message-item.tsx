import { FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { ChatMessage } from '../hooks/message-cache';
import { formatMessageTime } from './format-time';

/** What a message carries besides its text: the inline image, video, PDF link or voice player. */
function MessageMedia({ message }: { message: ChatMessage }) {
  if (message.input_type === 'audio' && message.audio_url) {
    return (
      <audio controls preload="metadata" src={message.audio_url} className="max-w-full">
        <track kind="captions" />
      </audio>
    );
  }
  const media = message.media;
  if (!media) return null;
  if (media.mime.startsWith('image/')) {
    return <img src={media.url} alt={media.name} className="max-h-64 max-w-full rounded-md" />;
  }
  if (media.mime.startsWith('video/')) {
    return (
      <video controls preload="metadata" src={media.url} className="max-h-64 max-w-full rounded-md">
        <track kind="captions" />
      </video>
    );
  }
  return (
    <a
      href={media.url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 underline underline-offset-4"
    >
      <FileText className="size-4" aria-hidden="true" /> {media.name}
    </a>
  );
}

/** One message: sender, time, content, and its delivery state when it is ours. */
export function MessageItem({
  message,
  own,
  seen,
  onRetry,
}: {
  message: ChatMessage;
  own: boolean;
  seen: boolean;
  onRetry: (message: ChatMessage) => void;
}) {
  return (
    <li
      data-testid="chat-message"
      data-status={message.status ?? 'sent'}
      className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}
    >
      <div className="flex items-baseline gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{message.sender.full_name}</span>
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
      </div>
      <div
        className={cn(
          'flex max-w-[80%] flex-col gap-2 rounded-lg px-3 py-2 text-sm',
          own ? 'bg-primary text-primary-foreground' : 'bg-muted',
          message.status === 'sending' && 'opacity-70',
        )}
      >
        <MessageMedia message={message} />
        <p className="break-words whitespace-pre-wrap" data-testid="chat-message-content">
          {message.content}
        </p>
      </div>
      {message.status === 'sending' && (
        <span className="text-xs text-muted-foreground">Sending…</span>
      )}
      {message.status === 'failed' && (
        <span className="flex items-center gap-2 text-xs text-destructive">
          Not sent
          <Button variant="link" size="inline" className="text-xs" onClick={() => onRetry(message)}>
            Retry
          </Button>
        </span>
      )}
      {seen && <span className="text-xs text-muted-foreground">Seen</span>}
    </li>
  );
}
