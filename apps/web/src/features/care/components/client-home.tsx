import type { Relationship } from '@kaleido/shared/care/care.schemas';
import { ETHICAL_USE_STATEMENT } from '@kaleido/shared/care/care-reads.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../../../lib/api/care';
import { settingsKeys } from '../../../lib/api/settings';
import { formatDay } from '../care-format';
import { useCareSync } from '../hooks/use-care-sync';
import { AlertsCard } from './alerts-card';
import { InviteForm } from './invite-form';
import { MoodTrend } from './mood-trend';

/** /client: the professional's dashboard, pending requests, people and the invite form. */
export function ClientHome() {
  useCareSync();
  const dashboard = useQuery({ queryKey: careKeys.dashboard, queryFn: careApi.dashboard });
  const confirmed = dashboard.data?.ethicalUseConfirmed ?? false;
  const people = useQuery({
    queryKey: careKeys.people,
    queryFn: careApi.people,
    enabled: confirmed,
  });
  const relationships = useQuery({
    queryKey: careKeys.relationships,
    queryFn: careApi.relationships,
  });
  const pending = (relationships.data?.relationships ?? []).filter(
    (r) => r.role === 'professional' && r.status === 'pending',
  );
  return (
    <div className="grid gap-6">
      {dashboard.data && !confirmed && <EthicalUseDialog />}
      <section aria-label="Overview" className="grid gap-4 sm:grid-cols-3">
        <Count label="Active clients" value={dashboard.data?.activeClients} />
        <Count label="Pending requests" value={dashboard.data?.pendingRequests} />
        <Count label="Open alerts" value={dashboard.data?.openAlerts} />
      </section>
      {confirmed && <AlertsCard />}
      <Card>
        <CardHeader>
          <CardTitle>People you work with</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {!confirmed && (
            <p className="text-sm text-muted-foreground">
              Confirm the ethical-use statement to see what people share with you.
            </p>
          )}
          {confirmed && (people.data?.people.length ?? 0) === 0 && (
            <p className="text-sm text-muted-foreground">
              No one has accepted to work with you yet.
            </p>
          )}
          <ul className="grid gap-3">
            {people.data?.people.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
              >
                <div className="grid gap-1">
                  <Link to={`/client/people/${p.id}`} className="font-medium hover:underline">
                    {p.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    Last activity: {p.lastActivityAt ? formatDay(p.lastActivityAt) : 'not shared'}
                  </span>
                </div>
                {p.moodTrend ? (
                  <MoodTrend points={p.moodTrend} label={`Mood trend of ${p.name}`} />
                ) : (
                  <span className="text-sm text-muted-foreground">Mood not shared</span>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
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
    </div>
  );
}

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold" aria-label={label}>
          {value ?? '–'}
        </span>
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

/** Shown until the professional confirms the statement (professional_settings). */
function EthicalUseDialog() {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => careApi.confirmEthicalUse(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      void queryClient.invalidateQueries({ queryKey: careKeys.all });
    },
  });
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="ethical-use-title"
      className="grid gap-3 rounded-md border border-primary p-4"
    >
      <h2 id="ethical-use-title" className="font-semibold">
        Ethical-use confirmation
      </h2>
      <p className="text-sm">{ETHICAL_USE_STATEMENT}</p>
      <div>
        <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          I confirm
        </Button>
      </div>
    </section>
  );
}
