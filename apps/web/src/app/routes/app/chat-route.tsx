// First: shared schemas below need zod configured for our CSP.
import '../../../lib/zod';
import type { ChatUser } from '@kaleido/shared/chat/chat.schemas';
import { Upload, Users } from 'lucide-react';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { ConversationList } from '../../../features/chat/components/conversation-list';
import { MessagePane } from '../../../features/chat/components/message-pane';
import { NewConversationDialog } from '../../../features/chat/components/new-conversation-dialog';
import { WelcomePanel } from '../../../features/chat/components/welcome-panel';
import { useConversations } from '../../../features/chat/hooks/use-conversations';
import { useStartFromLink } from '../../../features/chat/hooks/use-start-conversation';
import {
  ChatParticipantsPanel,
  ChatUploadPanel,
} from '../../../features/chat/components/chat-drawer-panels';
import { useDrawerPanels } from '../../../features/drawers/components/context-drawer';
import { PageHeader } from '../../../features/shell/components/page-header';
import { useSession } from '../../../lib/session';
import { uiActions } from '../../../lib/ui-store';

/** /app/chat/new and /app/chat/:threadId (SPEC §2 Chat): the list beside the open conversation. */
export function ChatPage() {
  const { threadId } = useParams();
  const [params, setParams] = useSearchParams();
  const { session } = useSession();
  const user = session.user;
  const conversations = useConversations(user?.id, threadId);
  useStartFromLink(!conversations.isPending);
  const dialogOpen = params.get('new') === 'true';
  const restoreFocus = useRestoreFocus(dialogOpen);
  const me = useMemo<ChatUser>(
    () => ({
      id: user?.id ?? null,
      full_name: session.profile?.fullName || user?.name || '',
      email: user?.email ?? null,
    }),
    [user, session.profile?.fullName],
  );

  // The drawer's Upload and Participants act on the open conversation.
  const open =
    threadId && threadId !== 'new' ? conversations.data?.find((c) => c.id === threadId) : undefined;
  const panels = useMemo(
    () => ({
      upload: <ChatUploadPanel conversation={open} me={me} />,
      participants: <ChatParticipantsPanel conversation={open} me={me} />,
    }),
    [open, me],
  );
  useDrawerPanels(panels);

  // The dialog's state lives in the URL, so '?new=true' (and the dashboard's link) opens it.
  function setDialogOpen(open: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('new', 'true');
        else next.delete('new');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title="Chat"
        subtitle="Conversations with the people you work with"
        centre={
          <div className="flex justify-end gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => uiActions.setDrawerContent('upload')}
            >
              <Upload aria-hidden="true" /> Upload
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => uiActions.setDrawerContent('participants')}
            >
              <Users aria-hidden="true" /> Participants
            </Button>
          </div>
        }
      />
      <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
        <div className="mt-4 grid h-[calc(100vh-12rem)] min-h-96 grid-cols-1 overflow-hidden rounded-lg border md:grid-cols-[18rem_1fr]">
          <ConversationList
            conversations={conversations.data}
            loading={conversations.isPending}
            onNew={() => setDialogOpen(true)}
          />
          {threadId && threadId !== 'new' ? (
            <MessagePane key={threadId} conversationId={threadId} listed={open} me={me} />
          ) : (
            <WelcomePanel onStart={() => setDialogOpen(true)} />
          )}
        </div>
        {dialogOpen && (
          <NewConversationDialog
            onDone={() => setDialogOpen(false)}
            onCloseAutoFocus={restoreFocus}
          />
        )}
      </Dialog>
    </div>
  );
}
