import { findPrompt } from '@kaleido/shared/journal/journal-prompts';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText, Lock, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { journalExportUrl } from '../api/journal-requests';
import { journalEntryQuery, useUserTimezone } from '../hooks/use-journal-queries';
import { formatEntryTime, MOOD_LABELS, PRIVACY_LABELS } from '../journal-format';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { EntryHistoryDialog } from './entry-history-dialog';
import { TextEntryForm } from './text-entry-form';
import { MoodIcon } from './mood-icon';

function TranscriptState({ entry }: { entry: JournalEntry }) {
  if (entry.transcriptStatus === 'pending')
    return (
      <Alert>
        <span data-testid="transcript-pending">
          Transcribing your recording… the text will appear here by itself.
        </span>
      </Alert>
    );
  if (entry.transcriptStatus === 'failed')
    return (
      <Alert tone="warning">
        The recording could not be transcribed. You can still listen to it and write its text by
        editing the entry.
      </Alert>
    );
  return null;
}

/** The entry's title, when it was written and edited, the prompt it answers, mood, tags, privacy. */
function EntryHeader({ entry, timezone }: { entry: JournalEntry; timezone: string | undefined }) {
  const mood = MOOD_LABELS[entry.mood];
  const privacy = PRIVACY_LABELS[entry.privacy_level];
  const edited = entry.updatedAt !== entry.createdAt;
  const answered = entry.promptId ? findPrompt(entry.promptId) : undefined;
  return (
    <header className="flex flex-col gap-2">
      <h2 id="entry-title" className="text-2xl font-semibold break-words">
        {entry.title}
      </h2>
      <p className="text-sm text-muted-foreground">
        <time dateTime={entry.createdAt}>{formatEntryTime(entry.createdAt, timezone)}</time>
        {edited && (
          <>
            {' · edited '}
            <time dateTime={entry.updatedAt}>{formatEntryTime(entry.updatedAt, timezone)}</time>
          </>
        )}
        {entry.input_type === 'audio' && ' · voice entry'}
        {entry.input_type === 'reflection' && ' · reflection'}
      </p>
      {answered && (
        <p className="border-l-2 border-primary pl-3 text-sm italic" data-testid="entry-prompt">
          {answered.text}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-0.5"
          data-testid="entry-mood"
        >
          <MoodIcon mood={entry.mood} /> Mood: {mood.label}
        </span>
        {entry.tags.map((tag) => (
          <span key={tag} className="rounded-full border px-2.5 py-0.5">
            #{tag}
          </span>
        ))}
      </div>
      <p className="flex items-center gap-1.5 text-sm" data-testid="entry-privacy">
        <Lock className="size-4" aria-hidden="true" />
        <span>
          <strong>{privacy.label}.</strong> {privacy.explanation}
        </span>
      </p>
    </header>
  );
}

/** Edit, history, the two exports and delete. */
function EntryActions({ entry, onEdit }: { entry: JournalEntry; onEdit: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-2 border-t pt-4">
      <Button onClick={onEdit}>
        <Pencil aria-hidden="true" /> Edit
      </Button>
      <EntryHistoryDialog id={entry.id} />
      <a
        className={buttonVariants({ variant: 'outline' })}
        href={journalExportUrl(entry.id, 'md')}
        download
      >
        <Download aria-hidden="true" /> Export Markdown
      </a>
      <a
        className={buttonVariants({ variant: 'outline' })}
        href={journalExportUrl(entry.id, 'pdf')}
        download
      >
        <Download aria-hidden="true" /> Export PDF
      </a>
      <DeleteEntryDialog
        id={entry.id}
        title={entry.title}
        onDeleted={() => void navigate('/app/journal/text/new', { replace: true })}
      />
    </div>
  );
}

/** One entry as written, with its details said plainly, and what can be done with it. */
export function EntryViewer({ id }: { id: string }) {
  const timezone = useUserTimezone();
  const query = useQuery(journalEntryQuery(id));
  const [editing, setEditing] = useState(false);
  const article = useRef<HTMLElement>(null);
  const loaded = query.data?.id;
  // On a phone the viewer sits above the list (and after a save, above the form's button): an
  // entry opened out of sight is brought into view, or the tap looks dead.
  useEffect(() => {
    const element = article.current;
    if (!loaded || !element) return;
    const { top } = element.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight) element.scrollIntoView({ block: 'start' });
  }, [loaded]);

  if (query.isPending) return <Spinner label="Loading entry" />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return (
        <EmptyState icon={FileText} title="Entry not found">
          It may have been deleted, or the link is wrong.
        </EmptyState>
      );
    return <Alert tone="error">Failed to load the entry: {query.error.message}</Alert>;
  }
  const entry = query.data;
  if (editing)
    return (
      <section aria-labelledby="edit-entry-heading" className="flex flex-col gap-4">
        <h2 id="edit-entry-heading" className="text-xl font-semibold">
          Edit entry
        </h2>
        <TextEntryForm
          key={entry.id}
          entry={entry}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </section>
    );

  return (
    <article
      ref={article}
      aria-labelledby="entry-title"
      className="flex flex-col gap-4"
      data-testid="journal-entry"
    >
      <EntryHeader entry={entry} timezone={timezone} />
      {entry.audioUrl && (
        <audio controls preload="metadata" src={entry.audioUrl} aria-label={`Play ${entry.title}`}>
          <track kind="captions" />
        </audio>
      )}
      {entry.input_type === 'audio' && <TranscriptState entry={entry} />}
      {entry.content ? (
        <div
          className="whitespace-pre-wrap break-words leading-relaxed"
          data-testid="entry-content"
        >
          {entry.content}
        </div>
      ) : (
        entry.transcriptStatus !== 'pending' && (
          <p className="text-muted-foreground">This entry has no text yet.</p>
        )
      )}
      <EntryActions entry={entry} onEdit={() => setEditing(true)} />
    </article>
  );
}
