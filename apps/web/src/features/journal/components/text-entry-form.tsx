import '../../../lib/zod';
import { DEFAULT_MOOD, type PrivacyLevel } from '@kaleido/shared/journal/journal.constants';
import {
  CreateJournalEntryBodySchema,
  UpdateJournalEntryBodySchema,
  type JournalEntry,
} from '@kaleido/shared/journal/journal.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { journalKeys } from '../../../lib/api/journal';
import { createJournalEntry, updateJournalEntry } from '../api/journal-requests';
import { useEntryDraft, type DraftStatus, type EntryFormValues } from '../hooks/use-entry-draft';
import { useNewEntryPrivacy, useUserTimezone } from '../hooks/use-journal-queries';
import { formatEntryTime } from '../journal-format';
import { EntryFields, fieldErrors, type FieldErrors } from './entry-fields';
import { PromptCard } from './prompt-card';

const empty = (privacyLevel: PrivacyLevel): EntryFormValues => ({
  title: '',
  content: '',
  mood: DEFAULT_MOOD,
  privacyLevel,
  tags: [],
});

function DraftNote({ status, timezone }: { status: DraftStatus; timezone: string | undefined }) {
  const text =
    status.state === 'pending'
      ? 'Saving draft…'
      : status.state === 'saved'
        ? `Draft saved ${formatEntryTime(status.at, timezone)}`
        : status.state === 'failed'
          ? 'The draft could not be saved; keep this page open and try again.'
          : '';
  return (
    <p
      role="status"
      data-testid="draft-status"
      data-state={status.state}
      className="text-sm text-muted-foreground"
    >
      {text}
    </p>
  );
}

interface TextEntryFormProps {
  /** Absent for a new entry. */
  entry?: JournalEntry;
  onSaved: (entry: JournalEntry) => void;
  onCancel?: () => void;
  autoFocusTitle?: boolean;
}

/**
 * A written entry, new or being edited. What is typed is autosaved as a draft; saving checks it
 * with the shared schema first, so the spec's messages show before any request. A new entry
 * starts at the person's chosen privacy (Settings → Privacy), so the form waits for it.
 */
export function TextEntryForm(props: TextEntryFormProps) {
  const newPrivacy = useNewEntryPrivacy();
  if (!props.entry && !newPrivacy) return <Spinner label="Loading your draft" />;
  return <EntryForm {...props} newPrivacy={newPrivacy ?? 'private'} />;
}

function EntryForm({
  entry,
  onSaved,
  onCancel,
  autoFocusTitle,
  newPrivacy,
}: TextEntryFormProps & { newPrivacy: PrivacyLevel }) {
  const queryClient = useQueryClient();
  const timezone = useUserTimezone();
  const initial = useMemo<EntryFormValues>(
    () =>
      entry
        ? {
            title: entry.title,
            content: entry.content,
            mood: entry.mood,
            privacyLevel: entry.privacy_level,
            tags: entry.tags,
          }
        : empty(newPrivacy),
    [entry, newPrivacy],
  );
  const draft = useEntryDraft(entry?.id ?? 'new', initial, entry?.updatedAt);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [promptId, setPromptId] = useState<string | null>(null);
  // One key per new entry, sent again on every retry until it is saved: a save whose answer was
  // lost is answered with the entry already stored, never saved twice.
  const clientKey = useRef(crypto.randomUUID());

  const save = useMutation({
    mutationFn: (values: EntryFormValues) => {
      const body = {
        title: values.title,
        content: values.content,
        mood: values.mood,
        privacyLevel: values.privacyLevel,
        tags: values.tags,
      };
      return entry
        ? updateJournalEntry(entry.id, body)
        : createJournalEntry({
            ...body,
            ...(promptId && { promptId }),
            clientKey: clientKey.current,
          });
    },
    // A request that never got an answer (the network dropped) is tried again, with the same
    // key; an answer from the server (a refusal) is shown instead.
    retry: (failures, error) => !entry && failures < 2 && !(error instanceof ApiRequestError),
    retryDelay: 1_000,
    onSuccess: async (saved) => {
      clientKey.current = crypto.randomUUID();
      queryClient.setQueryData(journalKeys.entry(saved.id), saved);
      queryClient.removeQueries({ queryKey: journalKeys.draft(entry?.id ?? 'new') });
      toast.success(entry ? 'Entry updated' : 'Entry saved', {
        description: entry ? 'Your changes have been saved.' : 'Your journal entry has been saved.',
      });
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: journalKeys.all });
    },
    onError: (error) => toast.error('Error saving entry', { description: errorMessage(error) }),
  });

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const schema = entry ? UpdateJournalEntryBodySchema : CreateJournalEntryBodySchema;
    const parsed = schema.safeParse(draft.values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      toast.error('Error saving entry', { description: Object.values(found)[0] });
      return;
    }
    setErrors({});
    draft.cancelAutosave();
    save.mutate(draft.values);
  }

  if (!draft.loaded) return <Spinner label="Loading your draft" />;
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={entry ? 'Edit entry' : 'New entry'}
      noValidate
    >
      {!entry && <PromptCard promptId={promptId} onChoose={setPromptId} />}
      {draft.restored && (
        <Alert>
          {entry
            ? 'Unsaved changes from earlier were restored.'
            : 'Your unsaved draft was restored.'}
        </Alert>
      )}
      <EntryFields
        values={draft.values}
        onChange={draft.setValues}
        errors={errors}
        withContent
        autoFocusTitle={autoFocusTitle}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : entry ? 'Save changes' : 'Save Entry'}
        </Button>
        {onCancel && (
          <Button
            variant="outline"
            onClick={() => {
              // Cancelling an edit is a choice to keep the saved entry: its draft goes too.
              void draft.discard().catch(() => undefined);
              onCancel();
            }}
          >
            Cancel
          </Button>
        )}
        {(draft.restored || draft.status.state !== 'idle') && (
          <Button variant="ghost" onClick={() => void draft.discard().catch(() => undefined)}>
            Discard draft
          </Button>
        )}
        <DraftNote status={draft.status} timezone={timezone} />
      </div>
    </form>
  );
}
