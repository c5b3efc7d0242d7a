import {
  CARE_SCOPE_LABELS,
  CARE_SCOPES,
  type CareScope,
  type Relationship,
} from '@kaleido/shared/care/care.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { Input } from '../../../components/ui/input';
import { careApi, careKeys } from '../api/care-requests';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { formatDay } from '../care-format';
import { useCareSync } from '../hooks/use-care-sync';
import { AccessLogCard, ConsentHistoryCard } from './care-records';
import { InviteForm } from './invite-form';

/**
 * Settings → Privacy, the person's side of care: the professionals they work with, what each
 * may see (per scope, with an optional end date), invitations, and their records: every read of
 * their data and every change of consent (care-records.tsx). `sharingOn`: the "Share Insights
 * with Clients" switch as the settings page holds it, so the warning follows the switch at once.
 */
export function CarePrivacyCard({ sharingOn }: { sharingOn?: boolean }) {
  useCareSync();
  const relationships = useQuery({
    queryKey: careKeys.relationships,
    queryFn: careApi.relationships,
  });
  const sharingOff =
    sharingOn === undefined
      ? relationships.data !== undefined && !relationships.data.insightsVisibleToClients
      : !sharingOn;
  const mine = (relationships.data?.relationships ?? []).filter(
    (r) => r.role === 'person' && (r.status === 'pending' || r.status === 'active'),
  );
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>My professionals</CardTitle>
          <CardDescription>
            Who you work with, and exactly what each of them may see.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {sharingOff && (
            <p className="text-sm text-muted-foreground">
              “Share Insights with Clients” is off: nothing is shared with any professional,
              whatever the choices below.
            </p>
          )}
          {mine.length === 0 && (
            <p className="text-sm text-muted-foreground">
              You are not working with a professional.
            </p>
          )}
          <ul className="grid gap-4">
            {mine.map((r) => (
              <RelationshipItem key={r.id} relationship={r} />
            ))}
          </ul>
          <InviteForm as="person" label="Invite a professional by email" />
        </CardContent>
      </Card>
      <AccessLogCard />
      <ConsentHistoryCard />
    </>
  );
}

export function RelationshipItem({ relationship: r }: { relationship: Relationship }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: careKeys.all });
  const answer = useMutation({
    mutationFn: (accept: boolean) => (accept ? careApi.accept(r.id) : careApi.decline(r.id)),
    onSettled: refresh,
  });
  const end = useMutation({ mutationFn: () => careApi.end(r.id), onSettled: refresh });
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={r.other.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">{r.other.name}</p>
          <p className="text-sm text-muted-foreground">
            {r.status === 'pending'
              ? r.awaitingMe
                ? 'Wants to work with you'
                : 'Invitation sent'
              : `Working together since ${formatDay(r.respondedAt ?? r.createdAt)}`}
          </p>
        </div>
        <div className="flex gap-2">
          {r.awaitingMe && (
            <>
              <Button size="sm" onClick={() => answer.mutate(true)}>
                Accept
              </Button>
              <Button size="sm" variant="outline" onClick={() => answer.mutate(false)}>
                Decline
              </Button>
            </>
          )}
          {!r.awaitingMe && r.status === 'pending' && (
            <Button size="sm" variant="outline" onClick={() => end.mutate()}>
              Withdraw invitation to {r.other.name}
            </Button>
          )}
          {!r.awaitingMe && r.status === 'active' && (
            <ConfirmButton
              label={`End relationship with ${r.other.name}`}
              title={`End relationship with ${r.other.name}?`}
              description={endingText(r)}
              confirmLabel="End relationship"
              pending={end.isPending}
              onConfirm={() => end.mutateAsync()}
            />
          )}
        </div>
      </div>
      {r.status === 'active' && (
        <ul className="grid gap-2">
          {CARE_SCOPES.map((scope) => (
            <ScopeToggle key={scope} relationship={r} scope={scope} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** What ending a relationship takes away, said before it happens. */
export function endingText(r: Relationship): string {
  const shared = r.consents
    .filter((c) => c.active)
    .map((c) => CARE_SCOPE_LABELS[c.scope])
    .map((label) => label.charAt(0).toLowerCase() + label.slice(1));
  const now =
    shared.length === 0
      ? `${r.other.name} sees nothing of yours now, and will not be able to.`
      : `${r.other.name} will stop seeing your ${listOf(shared)} at once.`;
  return `${now} To work together again, one of you must send a new invitation and you would choose again what to share. Your records of what was read stay.`;
}

const listOf = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

function ScopeToggle({ relationship, scope }: { relationship: Relationship; scope: CareScope }) {
  const queryClient = useQueryClient();
  const consent = relationship.consents.find((c) => c.scope === scope);
  const [until, setUntil] = useState(consent?.expiresAt?.slice(0, 10) ?? '');
  const change = useMutation({
    mutationFn: (granted: boolean) =>
      careApi.setConsent(
        relationship.id,
        scope,
        granted,
        granted && until ? new Date(`${until}T23:59:59`).toISOString() : null,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
  const id = `${relationship.id}-${scope}`;
  return (
    <li className="flex flex-wrap items-center gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={!!consent}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.checked)}
      />
      <label htmlFor={id} className="flex-1">
        Share {CARE_SCOPE_LABELS[scope].toLowerCase()} with {relationship.other.name}
        {consent?.expiresAt && ` until ${formatDay(consent.expiresAt)}`}
      </label>
      <label className="flex items-center gap-1 text-muted-foreground">
        End date
        <Input
          type="date"
          className="h-8 w-40"
          value={until}
          aria-label={`End date for ${CARE_SCOPE_LABELS[scope]}`}
          onChange={(e) => setUntil(e.target.value)}
          onBlur={() => consent && change.mutate(true)}
        />
      </label>
    </li>
  );
}
