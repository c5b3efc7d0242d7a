import type { Relationship } from '@kaleido/shared/care/care.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { careApi, careKeys } from '../api/care-requests';
import { useCareSync } from '../hooks/use-care-sync';

/**
 * On the person's dashboard: each professional waiting for their answer, with Accept and Decline
 * (the bell's notification leads here), so an invitation is not left at the bottom of
 * Settings › Privacy. Nothing is shown when nobody is waiting.
 */
export function InvitationsBanner() {
  useCareSync();
  const relationships = useQuery({
    queryKey: careKeys.relationships,
    queryFn: careApi.relationships,
  });
  const waiting = (relationships.data?.relationships ?? []).filter(
    (r) => r.role === 'person' && r.status === 'pending' && r.awaitingMe,
  );
  if (waiting.length === 0) return null;
  return (
    <section aria-label="Invitations" className="mt-6 grid gap-3" data-testid="invitations">
      {waiting.map((r) => (
        <Invitation key={r.id} relationship={r} />
      ))}
    </section>
  );
}

function Invitation({ relationship: r }: { relationship: Relationship }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (accept: boolean) => (accept ? careApi.accept(r.id) : careApi.decline(r.id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
  return (
    <article
      aria-label={`Invitation from ${r.other.name}`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-card p-4 shadow-sm"
    >
      <div className="min-w-0">
        <p className="font-medium break-words">
          {r.other.name} invited you to work together as your professional.
        </p>
        <p className="text-sm text-muted-foreground">
          If you accept, nothing is shared until you choose what in Settings › Privacy.
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate(true)}>
          Accept
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => answer.mutate(false)}
        >
          Decline
        </Button>
      </div>
    </article>
  );
}
