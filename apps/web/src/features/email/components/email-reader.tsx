import { MAIL_MESSAGES, type MailAction } from '@kaleido/shared/email/email.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { actOnMail, fetchMailMessage, emailKeys } from '../../../lib/api/email';
import { cn } from '../../../lib/cn';
import { LinkifiedText } from './linkified-text';

/** The reader: a message with its thread, its actions, and opening marks it read. */
export function EmailReader({
  id,
  onClose,
  onReply,
  onAct,
}: {
  id: string;
  onClose: () => void;
  onReply: (mode: 'reply' | 'replyAll' | 'forward') => void;
  onAct: (action: MailAction) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: emailKeys.message(id), queryFn: () => fetchMailMessage(id) });
  const message = query.data?.message;
  // SPEC §4: opening marks read.
  useEffect(() => {
    if (message && !message.isRead)
      void actOnMail([message.id], 'read').then(() =>
        queryClient.invalidateQueries({ queryKey: emailKeys.all }),
      );
  }, [message, queryClient]);
  if (query.isPending) return <Spinner />;
  if (!message)
    return (
      <Alert tone="error">
        {errorMessage(query.error)}{' '}
        <Button variant="link" size="inline" onClick={onClose}>
          Back
        </Button>
      </Alert>
    );
  return (
    <article aria-label="Message" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" onClick={onClose}>
          ← Back
        </Button>
        <Button size="sm" variant="outline" onClick={() => onReply('reply')}>
          Reply
        </Button>
        <Button size="sm" variant="outline" onClick={() => onReply('replyAll')}>
          Reply all
        </Button>
        <Button size="sm" variant="outline" onClick={() => onReply('forward')}>
          Forward
        </Button>
        {message.folder === 'trash' ? (
          <Button size="sm" variant="outline" onClick={() => onAct('restore')}>
            Restore
          </Button>
        ) : (
          <>
            {message.folder === 'inbox' && (
              <Button size="sm" variant="outline" onClick={() => onAct('archive')}>
                Archive
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => onAct('trash')}>
              Delete
            </Button>
          </>
        )}
        <Button
          size="sm"
          variant="outline"
          aria-pressed={message.isStarred}
          onClick={() => onAct(message.isStarred ? 'unstar' : 'star')}
        >
          <Star
            className={cn(message.isStarred && 'fill-yellow-400 text-yellow-500')}
            aria-hidden="true"
          />
          {message.isStarred ? 'Starred' : 'Star'}
        </Button>
      </div>
      <h2 className="text-lg font-semibold">{message.subject || MAIL_MESSAGES.noSubject}</h2>
      <ol className="flex flex-col gap-3" aria-label="Thread">
        {(query.data?.thread ?? [message]).map((m) => (
          <li key={m.id} className="rounded-md border p-3" data-testid="thread-message">
            <div className="mb-2 text-sm">
              <span className="font-medium">{m.from.name}</span>
              {m.from.email && (
                <span className="text-muted-foreground"> &lt;{m.from.email}&gt;</span>
              )}
              <span className="float-right text-xs text-muted-foreground">
                {new Date(m.timestamp).toLocaleString()}
              </span>
              <div className="text-xs text-muted-foreground">
                To: {m.to.map((p) => p.name).join(', ')}
                {m.cc.length > 0 && ` · Cc: ${m.cc.map((p) => p.name).join(', ')}`}
              </div>
            </div>
            <LinkifiedText text={m.content} />
            {m.attachments.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attachments">
                {m.attachments.map((a) => (
                  <li key={a.id}>
                    <a
                      href={a.url}
                      download={a.name}
                      className="rounded border px-2 py-1 text-xs text-primary underline"
                    >
                      {a.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}
