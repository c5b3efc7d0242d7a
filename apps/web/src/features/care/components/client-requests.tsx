import type { Relationship } from '@kaleido/shared/care/care.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../api/care-requests';
import { useCareSync } from '../hooks/use-care-sync';
import { InviteForm } from './invite-form';

/** /client/requests: who asks to work with the professional, invitations sent, and a new one. */
export function ClientRequests() {
  useCareSync();
  const relationships = useQuery({
    queryKey: careKeys.relationships,
    queryFn: careApi.relationships,
  });
  const pending = (relationships.data?.relationships ?? []).filter(
    (r) => r.role === 'professional' && r.status === 'pending',
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Requests</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pending.length === 0 && (
          <p className="text-sm text-muted-foreground">No pending requests.</p>
        )}
        <ul className="grid gap-2">
          {pending.map((r) => (
            <PendingItem key={r.id} relationship={r} />
          ))}
        </ul>
        <InviteForm as="professional" label="Invite a person by email" />
      </CardContent>
    </Card>
  );
}

function PendingItem({ relationship: r }: { relationship: Relationship }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: careKeys.all });
  const act = useMutation({
    mutationFn: (what: 'accept' | 'decline' | 'end') =>
      what === 'accept'
        ? careApi.accept(r.id)
        : what === 'decline'
          ? careApi.decline(r.id)
          : careApi.end(r.id),
    onSettled: refresh,
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span>
        {r.other.name} ({r.other.email}) —{' '}
        {r.awaitingMe ? 'asks to work with you' : 'invitation sent'}
      </span>
      <span className="flex gap-2">
        {r.awaitingMe ? (
          <>
            <Button size="sm" onClick={() => act.mutate('accept')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => act.mutate('decline')}>
              Decline
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => act.mutate('end')}>
            Withdraw
          </Button>
        )}
      </span>
    </li>
  );
}
