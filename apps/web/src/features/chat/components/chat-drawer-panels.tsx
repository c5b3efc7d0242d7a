import type { ChatUser, Conversation } from '@kaleido/shared/chat/chat.schemas';
import { CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { Mail, Phone, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '../../../components/ui/button';
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
  const input = useRef<HTMLInputElement>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const name = conversation.other_participant.full_name || 'Unknown User';

  function attach(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      if (!attachableOrSay(file)) continue;
      void send({ kind: 'attachment', file });
      setRecent((list) => [file.name, ...list].slice(0, 5));
      toast.success('File attached', { description: `${file.name} is on its way to ${name}.` });
    }
    if (input.current) input.current.value = '';
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    attach(event.dataTransfer.files);
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-md border border-dashed p-6 text-center ${dragging ? 'border-primary bg-accent' : ''}`}
      >
        <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
        <p id={hintId} className="text-sm text-muted-foreground">
          Drag files here or click to browse. They are sent to {name} (images, audio, video, PDF and
          text, up to {CHAT_MEDIA_POLICY.maxBytes / 1024 / 1024} MB).
        </p>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept={CHAT_MEDIA_POLICY.accept.join(',')}
          data-testid="drawer-file-input"
          onChange={(event) => attach(event.target.files)}
        />
        <Button
          variant="outline"
          size="sm"
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Select Files
        </Button>
      </div>
      <section>
        <h3 className="mb-2 text-sm font-semibold">Recent Uploads</h3>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent uploads</p>
        ) : (
          <ul className="text-sm">
            {recent.map((file, index) => (
              <li key={`${file}-${index}`} className="truncate">
                {file}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
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
