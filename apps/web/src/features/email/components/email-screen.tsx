import {
  MAIL_MESSAGES,
  type MailAction,
  type MailFolder,
  type MailMessage,
} from '@kaleido/shared/mailbox/mailbox.schemas';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Inbox, Mail, PenSquare, Send, Star, Trash2, FileText } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import {
  actOnMail,
  emptyMailTrash,
  fetchMailCounts,
  fetchMailDraft,
  fetchMailMessage,
  fetchMailPage,
  mailKeys,
  replyToMail,
} from '../../../lib/api/mail';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMailSync } from '../hooks/use-mail-sync';
import { ComposeForm } from './compose-form';
import { LinkifiedText } from './linkified-text';

export type EmailView = { kind: 'folder'; folder: MailFolder } | { kind: 'compose' };

const FOLDERS: { folder: MailFolder; label: string; icon: typeof Inbox }[] = [
  { folder: 'inbox', label: 'Inbox', icon: Inbox },
  { folder: 'sent', label: 'Sent', icon: Send },
  { folder: 'drafts', label: 'Drafts', icon: FileText },
  { folder: 'archive', label: 'Archive', icon: Archive },
  { folder: 'trash', label: 'Trash', icon: Trash2 },
];

const timeOf = (iso: string) => {
  const date = new Date(iso);
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString([], { month: 'short', day: 'numeric' });
};

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The mailbox: folders with unread counts, the list, the reader with its thread, compose. */
export function EmailScreen({ view }: { view: EmailView }) {
  useMailSync();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const folder = view.kind === 'folder' ? view.folder : 'drafts';
  const openId = params.get('message');
  const [searchText, setSearchText] = useState('');
  const q = useDebouncedValue(searchText.trim());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const counts = useQuery({ queryKey: mailKeys.counts, queryFn: fetchMailCounts });
  const list = useInfiniteQuery({
    queryKey: mailKeys.list(folder, q),
    queryFn: ({ pageParam }) => fetchMailPage(folder, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: view.kind === 'folder',
  });
  const messages = useMemo(() => list.data?.pages.flatMap((p) => p.messages) ?? [], [list.data]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: mailKeys.all });
  const open = (message: MailMessage) => {
    if (message.folder === 'drafts') {
      void navigate(`/app/email/compose?draft=${message.id}`);
      return;
    }
    setParams((p) => {
      p.set('message', message.id);
      return p;
    });
  };
  const close = () =>
    setParams((p) => {
      p.delete('message');
      return p;
    });

  const act = async (ids: string[], action: MailAction) => {
    setError(null);
    try {
      await actOnMail(ids, action);
      setSelected(new Set());
      if (openId && ids.includes(openId) && !['read', 'unread', 'star', 'unstar'].includes(action))
        close();
      refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const reply = async (id: string, mode: 'reply' | 'replyAll' | 'forward') => {
    try {
      const { draft } = await replyToMail(id, mode);
      queryClient.setQueryData(mailKeys.draft(draft.id), { draft });
      void navigate(`/app/email/compose?draft=${draft.id}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  // Mail shortcuts: c compose, r reply, e archive, # delete, j/k next/previous.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      if (view.kind !== 'folder' && event.key !== 'c') return;
      const index = messages.findIndex((m) => m.id === openId);
      if (event.key === 'c') {
        event.preventDefault();
        void navigate('/app/email/compose');
      } else if (event.key === 'j' || event.key === 'k') {
        const next = messages[event.key === 'j' ? index + 1 : Math.max(index - 1, 0)];
        if (next) open(next);
      } else if (event.key === 'r' && openId) {
        void reply(openId, 'reply');
      } else if (event.key === 'e' && openId) {
        void act([openId], 'archive');
      } else if (event.key === '#' && openId) {
        void act([openId], 'trash');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = [...selected];

  return (
    <div className="mt-4 grid gap-4 md:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label="Mail folders" className="flex flex-col gap-1">
        <Button className="mb-2" onClick={() => void navigate('/app/email/compose')}>
          <PenSquare aria-hidden="true" /> Compose
        </Button>
        {FOLDERS.map(({ folder: f, label, icon: Icon }) => {
          const unread = counts.data?.counts[f].unread ?? 0;
          const total = counts.data?.counts[f].total ?? 0;
          const shown = f === 'drafts' ? total : unread;
          return (
            <button
              key={f}
              type="button"
              aria-current={view.kind === 'folder' && folder === f ? 'page' : undefined}
              onClick={() => {
                setSelected(new Set());
                void navigate(`/app/email/${f}`);
              }}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent',
                view.kind === 'folder' && folder === f && 'bg-accent font-medium',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              <span className="flex-1">{label}</span>
              {shown > 0 && (
                <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">
                  {shown}
                  <span className="sr-only">{f === 'drafts' ? ' drafts' : ' unread'}</span>
                </span>
              )}
            </button>
          );
        })}
      </nav>

      <div className="min-w-0">
        {error && <Alert tone="error">{error}</Alert>}
        {view.kind === 'compose' ? (
          <ComposeView
            onDone={(outcome) =>
              void navigate(outcome === 'sent' ? '/app/email/sent' : '/app/email/inbox')
            }
          />
        ) : openId ? (
          <Reader
            id={openId}
            onClose={close}
            onReply={(mode) => void reply(openId, mode)}
            onAct={(action) => void act([openId], action)}
          />
        ) : (
          <section aria-label="Messages" className="flex flex-col gap-2">
            <Input
              type="search"
              aria-label="Search mail"
              placeholder="Search subject, message or people"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
            <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Selected messages">
              {chosen.length > 0 && (
                <>
                  {folder === 'trash' ? (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => void act(chosen, 'restore')}
                      >
                        Restore
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => void act(chosen, 'delete')}
                      >
                        Delete forever
                      </Button>
                    </>
                  ) : (
                    <>
                      {folder !== 'archive' && folder !== 'sent' && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => void act(chosen, 'archive')}
                        >
                          Archive
                        </Button>
                      )}
                      <Button size="sm" variant="outline" onClick={() => void act(chosen, 'trash')}>
                        Delete
                      </Button>
                    </>
                  )}
                  <Button size="sm" variant="outline" onClick={() => void act(chosen, 'read')}>
                    Mark read
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void act(chosen, 'unread')}>
                    Mark unread
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void act(chosen, 'star')}>
                    Star
                  </Button>
                </>
              )}
              {folder === 'trash' && (counts.data?.counts.trash.total ?? 0) > 0 && (
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => void emptyMailTrash().then(refresh)}
                >
                  Empty trash
                </Button>
              )}
            </div>
            {list.isPending ? (
              <Spinner />
            ) : messages.length === 0 ? (
              <EmptyState icon={Mail} title={q ? 'No messages match' : 'No emails yet'}>
                {q
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
                    onToggle={() => toggle(m.id)}
                    onOpen={() => open(m)}
                    onStar={() => void act([m.id], m.isStarred ? 'unstar' : 'star')}
                  />
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <Button variant="outline" onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

function MessageRow({
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
  const who =
    message.folder === 'sent' || message.folder === 'drafts'
      ? `To: ${message.to.map((p) => p.name).join(', ') || '—'}`
      : message.from.name;
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

function Reader({
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
  const query = useQuery({ queryKey: mailKeys.message(id), queryFn: () => fetchMailMessage(id) });
  const message = query.data?.message;
  // SPEC §4: opening marks read.
  useEffect(() => {
    if (message && !message.isRead)
      void actOnMail([message.id], 'read').then(() =>
        queryClient.invalidateQueries({ queryKey: mailKeys.all }),
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

/** Compose: a new draft (its id made here, so autosave is idempotent) or one to continue. */
function ComposeView({ onDone }: { onDone: (outcome: 'sent' | 'kept' | 'discarded') => void }) {
  const [params] = useSearchParams();
  const existing = params.get('draft');
  const [newId] = useState(() => crypto.randomUUID());
  const draftId = existing ?? newId;
  const draft = useQuery({
    queryKey: mailKeys.draft(draftId),
    queryFn: () => fetchMailDraft(draftId),
    enabled: existing !== null,
  });
  if (existing && draft.isPending) return <Spinner />;
  return (
    <section aria-label="Compose">
      <h2 className="mb-3 text-lg font-semibold">{existing ? 'Draft' : 'New message'}</h2>
      <ComposeForm
        key={draftId}
        draftId={draftId}
        initial={draft.data?.draft ?? null}
        onDone={onDone}
      />
    </section>
  );
}
