import type { MailAttachment, MailDraft } from '@kaleido/shared/email/email.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Paperclip, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import {
  attachToDraft,
  detachFromDraft,
  discardMailDraft,
  emailKeys,
  saveMailDraft,
  sendMailDraft,
} from '../../../lib/api/email';
import { RecipientInput } from './recipient-input';

const AUTOSAVE_MS = 800;

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
  const [showCc, setShowCc] = useState((initial?.cc.length ?? 0) > 0);
  const [subject, setSubject] = useState(initial?.subject ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [attachments, setAttachments] = useState<MailAttachment[]>(initial?.attachments ?? []);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>(
    initial ? 'saved' : 'idle',
  );
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const dirty = useRef(false);
  const body = { to, cc, subject, content };
  const latest = useRef(body);
  latest.current = body;

  const save = async () => {
    setStatus('saving');
    try {
      await saveMailDraft(draftId, latest.current);
      dirty.current = false;
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves the latest text after a pause
  }, [to, cc, subject, content]);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      dirty.current = true;
      set(value);
    };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: emailKeys.all });

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await sendMailDraft(draftId, latest.current);
      dirty.current = false;
      refresh();
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
      <RecipientInput label="To" value={to} onChange={change(setTo)} autoFocus={to.length === 0} />
      {showCc ? (
        <RecipientInput label="Cc" value={cc} onChange={change(setCc)} />
      ) : (
        <Button variant="link" size="inline" className="self-start" onClick={() => setShowCc(true)}>
          Add Cc
        </Button>
      )}
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
      {attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {attachments.map((a) => (
            <li
              key={a.id}
              className="inline-flex items-center gap-1 rounded border px-2 py-1 text-xs"
            >
              {a.name}
              <button
                type="button"
                aria-label={`Remove ${a.name}`}
                onClick={() =>
                  void detachFromDraft(draftId, a.id).then(() =>
                    setAttachments((list) => list.filter((x) => x.id !== a.id)),
                  )
                }
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
        <Button variant="outline" onClick={() => setConfirmCancel(true)}>
          Cancel
        </Button>
        <label className="inline-flex cursor-pointer items-center gap-1 text-sm text-muted-foreground">
          <Paperclip className="size-4" aria-hidden="true" />
          Attach
          <input
            type="file"
            multiple
            className="sr-only"
            aria-label="Attach files"
            onChange={(e) => {
              // Copied first: clearing the input empties its live FileList.
              void attach(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        </label>
        <span className="ml-auto text-xs text-muted-foreground" aria-live="polite">
          {status === 'saving'
            ? 'Saving draft…'
            : status === 'saved'
              ? 'Draft saved'
              : status === 'failed'
                ? 'Draft not saved yet; retrying as you type'
                : ''}
        </span>
      </div>
      {confirmCancel && (
        <div role="alertdialog" aria-label="Keep this draft?" className="rounded-md border p-3">
          <p className="mb-2 text-sm">Keep this message as a draft?</p>
          <div className="flex gap-2">
            <Button
              onClick={() =>
                void save().then(() => {
                  refresh();
                  onDone('kept');
                })
              }
            >
              Keep draft
            </Button>
            <Button
              variant="destructive"
              onClick={() =>
                void discardMailDraft(draftId)
                  .catch(() => undefined)
                  .then(() => {
                    refresh();
                    onDone('discarded');
                  })
              }
            >
              Discard draft
            </Button>
            <Button variant="ghost" onClick={() => setConfirmCancel(false)}>
              Keep writing
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
