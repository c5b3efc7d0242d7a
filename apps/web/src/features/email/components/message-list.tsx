import type { MailFolder, MailMessage } from '@kaleido/shared/email/email.schemas';
import { Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { MessageRow } from './message-row';

/** A folder's messages (or a search's), newest first, with "Load more" while pages remain. */
export function MessageList({
  folder,
  searched,
  pending,
  messages,
  selected,
  onToggle,
  onOpen,
  onStar,
  onLoadMore,
}: {
  folder: MailFolder;
  /** The list answers a search, so an empty one says nothing matched. */
  searched: boolean;
  pending: boolean;
  messages: MailMessage[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onOpen: (message: MailMessage) => void;
  onStar: (message: MailMessage) => void;
  /** Absent when there is no next page. */
  onLoadMore?: () => void;
}) {
  return (
    <>
      {pending ? (
        <Spinner />
      ) : messages.length === 0 ? (
        <EmptyState icon={Mail} title={searched ? 'No messages match' : 'No emails yet'}>
          {searched
            ? 'Try other words, a name or an email address.'
            : 'Messages you send and receive in Kaleido will be listed here.'}
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={`${folder} messages`}>
          {messages.map((m) => (
            <MessageRow
              key={m.id}
              message={m}
              selected={selected.has(m.id)}
              onToggle={() => onToggle(m.id)}
              onOpen={() => onOpen(m)}
              onStar={() => onStar(m)}
            />
          ))}
        </ul>
      )}
      {onLoadMore && (
        <Button variant="outline" onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </>
  );
}
