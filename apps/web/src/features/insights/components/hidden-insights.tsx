import { INSIGHT_KIND_TITLES } from '@kaleido/shared/insights/insights.constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { hiddenInsightsQuery, insightKeys, restoreInsight } from '../api/insights-requests';

/**
 * The insights the person hid with "This doesn't fit me", each with Restore: the card shows
 * again and its words count again. Asked for only once the list is opened.
 */
export function HiddenInsights({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const hidden = useQuery({ ...hiddenInsightsQuery(), enabled: open });
  const restore = useMutation({
    mutationFn: restoreInsight,
    onSettled: () => queryClient.invalidateQueries({ queryKey: insightKeys.all }),
  });
  return (
    <details
      className="mb-3 text-sm"
      data-testid="hidden-insights"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
        Hidden insights ({count})
      </summary>
      {hidden.isError && <p className="mt-2 text-muted-foreground">They could not be loaded.</p>}
      <ul className="mt-2 grid gap-2">
        {hidden.data?.disputes.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
          >
            <div className="min-w-0">
              <p className="font-medium">{INSIGHT_KIND_TITLES[d.kind]}</p>
              <p className="break-words text-muted-foreground">
                “{d.claim}”{d.reason && ` You said: ${d.reason}`}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={restore.isPending}
              aria-label={`Restore ${INSIGHT_KIND_TITLES[d.kind]}`}
              onClick={() => restore.mutate(d.id)}
            >
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
