import type { MailAttachment, MailDraft } from '@kaleido/shared/email/email.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import {
  attachToDraft,
  discardMailDraft,
  emailKeys,
  saveMailDraft,
  sendMailDraft,
} from '../../../lib/api/email';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { ComposeActions } from './compose-actions';
import { ComposeAttachments } from './compose-attachments';
import { KeepDraftDialog } from './keep-draft-dialog';
import { ComposeRecipients } from './compose-recipients';

/**
 * Compose (SPEC §2: To, Subject, Message; Send, Cancel). Every change is saved to the server
 * as a draft after a short pause, so nothing is lost on reload; Cancel asks whether to keep it.
 */
export function ComposeForm({
  draftId,
  initial,
  to: prefillTo = null,
  onDone,
}: {
  draftId: string;
  initial: MailDraft | null;
  /** A new message's recipient, given by the link that opened compose. */
  to?: string | null;
  onDone: (outcome: 'sent' | 'kept' | 'discarded') => void;
}) {
  const queryClient = useQueryClient();
  const [to, setTo] = useState<string[]>(initial?.to ?? (prefillTo ? [prefillTo] : []));
  const [cc, setCc] = useState<string[]>(initial?.cc ?? []);
  const [subject, setSubject] = useState(initial?.subject ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [attachments, setAttachments] = useState<MailAttachment[]>(initial?.attachments ?? []);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const draft = useDraftAutosave(draftId, { to, cc, subject, content }, initial !== null);
  const { change, latest } = draft;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: emailKeys.all });

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await sendMailDraft(draftId, latest.current);
      draft.markSent();
      // The draft is a sent message now: asking for it again as a draft could only answer 404.
      void queryClient.invalidateQueries({
        queryKey: emailKeys.all,
        predicate: (query) => query.queryKey[1] !== 'draft' || query.queryKey[2] !== draftId,
      });
      onDone('sent');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const attach = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    try {
      await saveMailDraft(draftId, latest.current);
      for (const file of files) {
        const { attachment } = await attachToDraft(draftId, file);
        setAttachments((list) => [...list, attachment]);
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form
      aria-label="Compose email"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <ComposeRecipients to={to} cc={cc} onTo={change(setTo)} onCc={change(setCc)} />
      <div>
        <label htmlFor="mail-subject" className="mb-1 block text-sm font-medium">
          Subject
        </label>
        <Input
          id="mail-subject"
          value={subject}
          onChange={(e) => change(setSubject)(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="mail-content" className="mb-1 block text-sm font-medium">
          Message
        </label>
        <textarea
          id="mail-content"
          className="min-h-48 w-full rounded-md border bg-background px-3 py-2 text-sm"
          value={content}
          onChange={(e) => change(setContent)(e.target.value)}
        />
      </div>
      <ComposeAttachments
        draftId={draftId}
        attachments={attachments}
        onRemoved={(fileId) => setAttachments((list) => list.filter((x) => x.id !== fileId))}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <ComposeActions
        sending={sending}
        status={draft.status}
        onCancel={() => setConfirmCancel(true)}
        onAttach={(files) => void attach(files)}
      />
      {confirmCancel && (
        <KeepDraftDialog
          onKeep={() =>
            void draft.save().then(() => {
              refresh();
              onDone('kept');
            })
          }
          onDiscard={() =>
            void discardMailDraft(draftId)
              .catch(() => undefined)
              .then(() => {
                refresh();
                onDone('discarded');
              })
          }
          onBack={() => setConfirmCancel(false)}
        />
      )}
    </form>
  );
}
