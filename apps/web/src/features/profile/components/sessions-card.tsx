import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { describeUserAgent } from '@kaleido/shared/security-events/user-agent';
import { fetchSessions, revokeSession, SESSIONS_QUERY_KEY } from '../api/security-requests';

function when(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** Where this account is signed in, with a way to end any other session. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const {
    data: sessions,
    isPending,
    isError,
  } = useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: fetchSessions,
  });
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: async () => {
      toast.success('Session signed out');
      await queryClient.invalidateQueries({ queryKey: ['security'] });
    },
    onError: () => toast.error('Error signing out session', { description: 'Please try again.' }),
  });

  return (
    <Card role="region" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">Active sessions</CardTitle>
        <CardDescription>Browsers and devices signed in to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending && <p className="text-sm text-muted-foreground">Loading sessions...</p>}
        {isError && <p className="text-sm text-destructive">Unable to load your sessions.</p>}
        <ul className="divide-y">
          {sessions?.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium" title={session.userAgent ?? undefined}>
                  {describeUserAgent(session.userAgent)}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs">
                      This browser
                    </span>
                  )}
                </p>
                <p className="text-muted-foreground">
                  Last active {when(session.lastActiveAt)}
                  {session.ipAddress ? ` · from ${session.ipAddress}` : ''}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending && revoke.variables === session.id}
                  onClick={() => revoke.mutate(session.id)}
                  aria-label={`Sign out session last active ${when(session.lastActiveAt)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
