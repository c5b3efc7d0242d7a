import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type {
  AnalysisSettings,
  AnalysisSettingsBody,
} from '@kaleido/shared/insights/insights.schemas';
import { Button } from '../../../components/ui/button';
import {
  deleteDerivedData,
  insightKeys,
  insightSettingsQuery,
  updateInsightSettings,
} from '../api/insights-requests';
import { HintedSwitch } from '../../../components/ui/hinted-switch';

/**
 * The person's control over analysis (issue #13 items 1 and 3): analysis on or off, the weekly
 * reflection by the server's language model (only offered when the operator runs one), and
 * deleting everything derived from their data.
 */
export function InsightSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(insightSettingsQuery());
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (body: AnalysisSettingsBody) => updateInsightSettings(body),
    // The switch moves at once; a failure puts it back.
    onMutate: (body) => {
      const previous = queryClient.getQueryData<AnalysisSettings>(insightKeys.settings);
      if (previous) queryClient.setQueryData(insightKeys.settings, { ...previous, ...body });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(insightKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: insightKeys.all });
      toast.success('Insight settings saved');
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(insightKeys.settings, context.previous);
      toast.error('Insight settings could not be saved');
    },
  });
  const clear = useMutation({
    mutationFn: deleteDerivedData,
    onSuccess: (done) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: insightKeys.all });
      toast.success(done.message);
    },
    onError: () => toast.error('Derived data could not be deleted'),
  });
  if (!settings.data) return null;
  const busy = save.isPending || clear.isPending;
  return (
    <details className="mt-4 rounded-lg border p-4" data-testid="insight-settings">
      <summary className="cursor-pointer text-sm font-medium">Insight settings</summary>
      <div className="mt-3 grid gap-4">
        <HintedSwitch
          label="Analyse what I write and say"
          hint="Off: nothing new is analysed and no insights are shown; what you wrote stays."
          checked={settings.data.enabled}
          disabled={busy}
          onChange={(enabled) => save.mutate({ enabled })}
        />
        {settings.data.llmAvailable && (
          <HintedSwitch
            label="Let this server’s language model write my weekly reflection"
            hint="It is given your week’s figures (counts, average feeling, top emotion, themes), never what you wrote. Off: written from templates."
            checked={settings.data.llmReflection}
            disabled={busy}
            onChange={(llmReflection) => save.mutate({ llmReflection })}
          />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <span className="text-sm">
                Delete every analysis, your mood model and disputes? Your entries and messages stay.
              </span>
              <Button
                variant="destructive"
                size="sm"
                disabled={busy}
                onClick={() => clear.mutate()}
              >
                Yes, delete derived data
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              Delete everything derived from my data
            </Button>
          )}
        </div>
      </div>
    </details>
  );
}
