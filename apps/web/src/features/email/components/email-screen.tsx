import type { MailAction, MailFolder, MailMessage } from '@kaleido/shared/email/email.schemas';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Inbox, Mail, PenSquare, Send, Trash2, FileText } from 'lucide-react';
import { useMemo, useState } from 'react';
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
  fetchMailPage,
  emailKeys,
  replyToMail,
} from '../../../lib/api/email';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEmailShortcuts } from '../hooks/use-email-shortcuts';
import { useEmailSync } from '../hooks/use-email-sync';
import { ComposeForm } from './compose-form';
import { EmailReader } from './email-reader';
import { MessageRow } from './message-row';
import { SelectionToolbar } from './selection-toolbar';

export type EmailView = { kind: 'folder'; folder: MailFolder } | { kind: 'compose' };

const FOLDERS: { folder: MailFolder; label: string; icon: typeof Inbox }[] = [
  { folder: 'inbox', label: 'Inbox', icon: Inbox },
  { folder: 'sent', label: 'Sent', icon: Send },
  { folder: 'drafts', label: 'Drafts', icon: FileText },
  { folder: 'archive', label: 'Archive', icon: Archive },
  { folder: 'trash', label: 'Trash', icon: Trash2 },
];

/** The mailbox: folders with unread counts, the list, the reader with its thread, compose. */
export function EmailScreen({ view }: { view: EmailView }) {
  useEmailSync();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const folder = view.kind === 'folder' ? view.folder : 'drafts';
  const openId = params.get('message');
  const [searchText, setSearchText] = useState('');
  const q = useDebouncedValue(searchText.trim());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const counts = useQuery({ queryKey: emailKeys.counts, queryFn: fetchMailCounts });
  const list = useInfiniteQuery({
    queryKey: emailKeys.list(folder, q),
    queryFn: ({ pageParam }) => fetchMailPage(folder, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: view.kind === 'folder',
  });
  const messages = useMemo(() => list.data?.pages.flatMap((p) => p.messages) ?? [], [list.data]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: emailKeys.all });
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
      queryClient.setQueryData(emailKeys.draft(draft.id), { draft });
      void navigate(`/app/email/compose?draft=${draft.id}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  useEmailShortcuts(
    { inFolder: view.kind === 'folder', ids: messages.map((m) => m.id), openId },
    (shortcut) => {
      if (shortcut.kind === 'compose') void navigate('/app/email/compose');
      else if (shortcut.kind === 'reply') void reply(shortcut.id, 'reply');
      else if (shortcut.kind === 'act') void act([shortcut.id], shortcut.action);
      else {
        const next = messages.find((m) => m.id === shortcut.id);
        if (next) open(next);
      }
    },
  );

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
          <EmailReader
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
            <SelectionToolbar
              folder={folder}
              selected={chosen}
              trashTotal={counts.data?.counts.trash.total ?? 0}
              onAct={(action) => void act(chosen, action)}
              onEmptyTrash={() => void emptyMailTrash().then(refresh)}
            />
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

/** Compose: a new draft (its id made here, so autosave is idempotent) or one to continue. */
function ComposeView({ onDone }: { onDone: (outcome: 'sent' | 'kept' | 'discarded') => void }) {
  const [params] = useSearchParams();
  const existing = params.get('draft');
  // `?to=<address>` (a professional's "Email <name>"): a new message to that person.
  const prefillTo = params.get('to');
  const [newId] = useState(() => crypto.randomUUID());
  const draftId = existing ?? newId;
  const draft = useQuery({
    queryKey: emailKeys.draft(draftId),
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
        to={existing ? null : prefillTo}
        onDone={onDone}
      />
    </section>
  );
}
