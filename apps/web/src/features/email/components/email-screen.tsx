import type { MailAction, MailFolder } from '@kaleido/shared/email/email.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { actOnMail, emailKeys, emptyMailTrash, replyToMail } from '../../../lib/api/email';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEmailShortcuts } from '../hooks/use-email-shortcuts';
import { useEmailSync } from '../hooks/use-email-sync';
import { useEmailFolder } from '../hooks/use-email-folder';
import { useOpenMessage } from '../hooks/use-open-message';
import { ComposeView } from './compose-view';
import { EmailReader } from './email-reader';
import { FolderNav } from './folder-nav';
import { MessageList } from './message-list';
import { SelectionToolbar } from './selection-toolbar';

export type EmailView = { kind: 'folder'; folder: MailFolder } | { kind: 'compose' };

/** The mailbox: folders with unread counts, the list, the reader with its thread, compose. */
export function EmailScreen({ view }: { view: EmailView }) {
  useEmailSync();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const folder = view.kind === 'folder' ? view.folder : 'drafts';
  const { openId, open, close } = useOpenMessage();
  const [searchText, setSearchText] = useState('');
  const q = useDebouncedValue(searchText.trim());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const { counts, list, messages } = useEmailFolder(folder, q, view.kind === 'folder');

  const refresh = () => void queryClient.invalidateQueries({ queryKey: emailKeys.all });

  const act = async (ids: string[], action: MailAction) => {
    setError(null);
    try {
      await actOnMail(ids, action);
      // Deleting moves to the trash: say so, and offer to take it back at once.
      if (action === 'trash')
        toast.success(
          ids.length === 1 ? 'Moved to Trash' : `${ids.length} messages moved to Trash`,
          {
            description: `${ids.length === 1 ? 'It' : 'They'} can be restored from the trash.`,
            action: { label: 'Undo', onClick: () => void act(ids, 'restore') },
          },
        );
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
      <FolderNav
        current={view.kind === 'folder' ? folder : null}
        counts={counts.data?.counts}
        onCompose={() => void navigate('/app/email/compose')}
        onFolder={(f) => {
          setSelected(new Set());
          void navigate(`/app/email/${f}`);
        }}
      />

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
            <MessageList
              folder={folder}
              searched={q !== ''}
              pending={list.isPending}
              messages={messages}
              selected={selected}
              onToggle={toggle}
              onOpen={open}
              onStar={(m) => void act([m.id], m.isStarred ? 'unstar' : 'star')}
              onLoadMore={list.hasNextPage ? () => void list.fetchNextPage() : undefined}
            />
          </section>
        )}
      </div>
    </div>
  );
}
