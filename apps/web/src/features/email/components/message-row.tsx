import { MAIL_MESSAGES, type MailMessage } from '@kaleido/shared/email/email.schemas';
import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A time as a mail list shows it: the hour today, the day before. */
export function timeOf(iso: string, today: Date = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

/** Who a row names: the recipients of what the person sent or drafted, else the sender. */
export function counterpartOf(message: MailMessage): string {
  return message.folder === 'sent' || message.folder === 'drafts'
    ? `To: ${message.to.map((p) => p.name).join(', ') || '—'}`
    : message.from.name;
}

/** One message in a list: select, star, sender, subject, snippet, time; unread in bold. */
export function MessageRow({
  message,
  selected,
  onToggle,
  onOpen,
  onStar,
}: {
  message: MailMessage;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onStar: () => void;
}) {
  const who = counterpartOf(message);
  return (
    <li
      className={cn('flex items-center gap-2 px-2 py-2', !message.isRead && 'bg-muted/50')}
      data-unread={!message.isRead}
      data-testid="mail-row"
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={onToggle}
        aria-label={`Select ${message.subject || MAIL_MESSAGES.noSubject}`}
      />
      <button
        type="button"
        onClick={onStar}
        aria-pressed={message.isStarred}
        aria-label={message.isStarred ? 'Unstar' : 'Star'}
      >
        <Star
          className={cn('size-4', message.isStarred && 'fill-yellow-400 text-yellow-500')}
          aria-hidden="true"
        />
      </button>
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-left">
        <div className="flex items-baseline gap-2">
          <span className={cn('truncate text-sm', !message.isRead && 'font-semibold')}>{who}</span>
          <span className="ml-auto shrink-0 text-xs text-muted-foreground">
            {timeOf(message.timestamp)}
          </span>
        </div>
        <div className={cn('truncate text-sm', !message.isRead && 'font-semibold')}>
          {message.subject || MAIL_MESSAGES.noSubject}
        </div>
        <div className="truncate text-xs text-muted-foreground">{message.snippet}</div>
      </button>
    </li>
  );
}
