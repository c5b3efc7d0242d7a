import { useQuery } from '@tanstack/react-query';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { fetchSecurityEvents, SECURITY_EVENTS_QUERY_KEY } from '../api/security-requests';

function describe(event: string): string {
  const text = event.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The account's recent security events (sign-ins, password and two-factor changes, exports). */
export function SecurityEventsCard() {
  const {
    data: events,
    isPending,
    isError,
  } = useQuery({
    queryKey: SECURITY_EVENTS_QUERY_KEY,
    queryFn: fetchSecurityEvents,
  });
  return (
    <Card role="region" aria-labelledby="security-events-title">
      <CardHeader>
        <CardTitle id="security-events-title">Recent security events</CardTitle>
        <CardDescription>The latest activity on your account.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending && <p className="text-sm text-muted-foreground">Loading events...</p>}
        {isError && <p className="text-sm text-destructive">Unable to load security events.</p>}
        {events?.length === 0 && <p className="text-sm text-muted-foreground">No events yet.</p>}
        <ol className="divide-y text-sm">
          {events?.slice(0, 20).map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">{describe(entry.event)}</span>
              <time dateTime={entry.createdAt} className="text-muted-foreground">
                {new Date(entry.createdAt).toLocaleString()}
              </time>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
