import { ETHICAL_USE_STATEMENT } from '@kaleido/shared/care/care-reads.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { careApi, careKeys } from '../api/care-requests';
import { settingsKeys } from '../../../lib/api/settings';

/**
 * Whether the professional has confirmed the ethical-use statement (professional_settings), and
 * the dashboard's counts that come with the answer. Until then nobody's data is shown to them.
 */
export function useCareDashboard() {
  const dashboard = useQuery({ queryKey: careKeys.dashboard, queryFn: careApi.dashboard });
  return { dashboard, confirmed: dashboard.data?.ethicalUseConfirmed ?? false };
}

/** Shown until the professional confirms the statement (professional_settings). */
export function EthicalUseDialog() {
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
