import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { emailKeys, fetchMailDraft } from '../../../lib/api/email';
import { ComposeForm } from './compose-form';

/** Compose: a new draft (its id made here, so autosave is idempotent) or one to continue. */
export function ComposeView({
  onDone,
}: {
  onDone: (outcome: 'sent' | 'kept' | 'discarded') => void;
}) {
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
