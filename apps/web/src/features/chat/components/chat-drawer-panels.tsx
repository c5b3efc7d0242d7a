import type { ChatUser, Conversation } from '@kaleido/shared/chat/chat.schemas';
import { CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FileUploadPanel } from '../../../components/file-upload/file-upload-panel';
import { buttonVariants } from '../../../components/ui/button';
import { uiActions } from '../../../lib/ui-store';
import { attachableOrSay } from '../attachable';
import { useSendMessage } from '../hooks/use-send-message';

/**
 * The drawer's File Upload inside a conversation: the files go to the open conversation, with
 * the chat's types and 10 MB limit, exactly as the composer's paperclip sends them.
 */
export function ChatUploadPanel({
  conversation,
  me,
}: {
  conversation: Conversation | undefined;
  me: ChatUser;
}) {
  if (!conversation)
    return (
      <p className="text-sm text-muted-foreground">Open a conversation to attach a file to it.</p>
    );
  return <ConversationUpload conversation={conversation} me={me} />;
}

function ConversationUpload({ conversation, me }: { conversation: Conversation; me: ChatUser }) {
  const send = useSendMessage(conversation.id, me);
  const [recent, setRecent] = useState<string[]>([]);
  const name = conversation.other_participant.full_name || 'Unknown User';

  function attach(files: File[]) {
    for (const file of files) {
      if (!attachableOrSay(file)) continue;
      void send({ kind: 'attachment', file });
      setRecent((list) => [file.name, ...list].slice(0, 5));
      toast.success('File attached', { description: `${file.name} is on its way to ${name}.` });
    }
  }

  return (
    <FileUploadPanel
      hint={
        <>
          Drag files here or click to browse. They are sent to {name} (images, audio, video, PDF and
          text, up to {CHAT_MEDIA_POLICY.maxBytes / 1024 / 1024} MB).
        </>
      }
      accept={CHAT_MEDIA_POLICY.accept.join(',')}
      inputTestId="drawer-file-input"
      recent={recent}
      onFiles={attach}
    />
  );
}

/** The drawer's Participants inside a conversation: the two people and what one can do next. */
export function ChatParticipantsPanel({
  conversation,
  me,
}: {
  conversation: Conversation | undefined;
  me: ChatUser;
}) {
  if (!conversation) return <p className="text-sm text-muted-foreground">No active participants</p>;
  const other = conversation.other_participant;
  const people = [
    { ...me, you: true },
    { ...other, you: false },
  ];
  return (
    <ul className="flex flex-col gap-3">
      {people.map((person) => (
        <li key={person.id ?? 'unknown'} className="flex flex-col gap-1 rounded-md border p-3">
          <p className="font-medium">
            {person.full_name || 'Unknown User'}
            {person.you && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
          </p>
          {person.email && <p className="text-sm text-muted-foreground">{person.email}</p>}
          {!person.you && person.id && (
            <div className="mt-1 flex flex-wrap gap-2">
              <Link
                to={`/app/email/compose?to=${encodeURIComponent(person.email ?? '')}`}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                onClick={() => uiActions.closeDrawer()}
              >
                <Mail aria-hidden="true" /> Email
              </Link>
              <Link
                to={`/app/calls?new=true&to=${encodeURIComponent(person.id)}&name=${encodeURIComponent(person.full_name || '')}`}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                onClick={() => uiActions.closeDrawer()}
              >
                <Phone aria-hidden="true" /> Call
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
