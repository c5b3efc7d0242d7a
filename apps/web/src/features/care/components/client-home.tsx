import { useQuery } from '@tanstack/react-query';
import { HOME_MOOD_TREND_LENGTH } from '@kaleido/shared/care/care-reads.schemas';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../api/care-requests';
import { formatDay } from '../care-format';
import { useCareSync } from '../hooks/use-care-sync';
import { AlertsCard } from './alerts-card';
import { EthicalUseDialog, useCareDashboard } from './ethical-use-dialog';
import { MoodTrend } from './mood-trend';

/**
 * /client: the professional's home (issue 25 item 1) — the counts, open alerts and the people
 * they work with. Requests and reports are pages of their own beside it.
 */
export function ClientHome() {
  useCareSync();
  const { dashboard, confirmed } = useCareDashboard();
  const people = useQuery({
    queryKey: careKeys.people,
    queryFn: careApi.people,
    enabled: confirmed,
  });
  const pendingRequests = dashboard.data?.pendingRequests;
  return (
    <div className="grid gap-6">
      {dashboard.data && !confirmed && <EthicalUseDialog />}
      <section aria-label="Overview" className="grid gap-4 sm:grid-cols-3">
        <Count label="Active clients" value={dashboard.data?.activeClients} />
        <Count
          label="Pending requests"
          value={pendingRequests}
          link={pendingRequests ? { to: '/client/requests', text: 'See requests' } : undefined}
        />
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
              No one has accepted to work with you yet.{' '}
              <Link to="/client/requests" className="underline">
                Invite a person
              </Link>
            </p>
          )}
          <ul className="grid gap-3">
            {people.data?.people.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
              >
                <div className="grid min-w-0 gap-1">
                  <Link
                    to={`/client/people/${p.id}`}
                    className="font-medium break-words hover:underline"
                  >
                    {p.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    Last activity: {p.lastActivityAt ? formatDay(p.lastActivityAt) : 'not shared'}
                  </span>
                </div>
                {p.moodTrend ? (
                  <MoodTrend
                    points={p.moodTrend}
                    label={`Mood trend of ${p.name}`}
                    latestOf={HOME_MOOD_TREND_LENGTH}
                  />
                ) : (
                  <span className="text-sm text-muted-foreground">Mood not shared</span>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function Count({
  label,
  value,
  link,
}: {
  label: string;
  value: number | undefined;
  link?: { to: string; text: string } | undefined;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold" aria-label={label}>
          {value ?? '–'}
        </span>
        {link && (
          <Link to={link.to} className="text-sm underline">
            {link.text}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
