import { CARE_ALERT_LABELS, type CareAlert } from '@kaleido/shared/care/care-alerts.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { careApi, careKeys } from '../api/care-requests';
import { formatDay } from '../care-format';

/**
 * The professional's alerts (all people, or one): what changed, the shared items behind it, and
 * Acknowledge (kept, marked seen) or Dismiss (gone). Raised and answered alerts arrive as
 * `care.changed`, which refetches (useCareSync in the page).
 */
export function AlertsCard({ personId }: { personId?: string }) {
  const alerts = useQuery({
    queryKey: careKeys.alerts(personId),
    queryFn: () => careApi.alerts(personId),
  });
  const list = alerts.data?.alerts ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {alerts.data && list.length === 0 && (
          <p className="text-sm text-muted-foreground">No open alerts.</p>
        )}
        <ul aria-label="Alerts" className="grid gap-3">
          {list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} showPerson={!personId} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function AlertItem({ alert, showPerson }: { alert: CareAlert; showPerson: boolean }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (what: 'acknowledge' | 'dismiss') => careApi.answerAlert(alert.id, what),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
  const open = alert.status === 'open';
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={CARE_ALERT_LABELS[alert.kind]}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {CARE_ALERT_LABELS[alert.kind]}
          {showPerson && (
            <>
              {' · '}
              <Link to={`/client/people/${alert.person.id}`} className="hover:underline">
                {alert.person.name}
              </Link>
            </>
          )}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatDay(alert.createdAt)} · {open ? 'Open' : 'Acknowledged'}
        </span>
      </div>
      <p className="text-sm">{alert.summary}</p>
      <details className="text-sm">
        <summary className="cursor-pointer">Evidence ({alert.evidence.length} items)</summary>
        <ul className="mt-2 grid gap-1 text-xs text-muted-foreground">
          {alert.evidence.map((e, i) => (
            <li key={`${e.occurredAt}-${i}`}>
              {formatDay(e.occurredAt)} ·{' '}
              {e.title ?? (e.source === 'journal' ? 'Journal' : 'Voice note')} · tone{' '}
              {e.valence.toFixed(2)}
              {e.mood ? ` · mood ${e.mood}` : ''}
              {e.emotion && e.emotionScore !== null
                ? ` · ${e.emotion} ${Math.round(e.emotionScore * 100)}%`
                : ''}
            </li>
          ))}
        </ul>
      </details>
      <div className="flex gap-2">
        {open && (
          <Button
            size="sm"
            disabled={answer.isPending}
            onClick={() => answer.mutate('acknowledge')}
          >
            Acknowledge
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => answer.mutate('dismiss')}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}
