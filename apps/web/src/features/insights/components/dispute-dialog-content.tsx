import { DISPUTE_REASON_MAX } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import { disputeInsight, insightKeys, restoreInsight } from '../api/insights-requests';

/** The dialog of `DisputeDialog`, loaded after the dashboard's first paint. */
export function DisputeDialogContent({
  card,
  open,
  setOpen,
  restoreFocus,
}: {
  card: InsightCard;
  open: boolean;
  setOpen: (open: boolean) => void;
  restoreFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const queryClient = useQueryClient();
  const dispute = useMutation({
    mutationFn: () => disputeInsight({ insightId: card.id, reason: reason.trim() }),
    onSuccess: (hidden) => {
      setOpen(false);
      setReason('');
      toast.success('Insight hidden', {
        description:
          'Thank you. Your personal model will weigh these words less. Hidden insights can be restored.',
        action: {
          label: 'Undo',
          onClick: () =>
            void restoreInsight(hidden.id).then(() =>
              queryClient.invalidateQueries({ queryKey: insightKeys.all }),
            ),
        },
      });
      // The dashboard's figures follow the `insights.updated` the server sends for the dispute.
      void queryClient.invalidateQueries({ queryKey: insightKeys.all });
    },
    onError: (error) =>
      toast.error('Error hiding the insight', { description: errorMessage(error) }),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        onCloseAutoFocus={restoreFocus}
        title="This doesn't fit me"
        description={`"${card.claim}" will be hidden. Tell us why, if you like: it helps your personal model.`}
      >
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            dispute.mutate();
          }}
        >
          <Label htmlFor={reasonId}>Why doesn&apos;t it fit? (optional)</Label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={DISPUTE_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            className="min-h-24 rounded-md border bg-background px-3 py-2 text-sm"
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={dispute.isPending}>
              Hide this insight
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
