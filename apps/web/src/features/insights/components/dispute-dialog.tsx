import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LazyOverlay } from '../../../components/ui/lazy-overlay';
import { useRestoreFocus } from '../../../components/ui/use-restore-focus';
import { lazyPart } from '../../../lib/lazy-part';

const content = lazyPart(() => import('./dispute-dialog-content'));

/**
 * 'This doesn't fit me': hides the card, records why, and the personal model learns from it.
 * The button is drawn with the card; the dialog's module arrives when the browser is idle, or on
 * the first click.
 */
export function DisputeDialog({ card }: { card: InsightCard }) {
  const [open, setOpen] = useState(false);
  const restoreFocus = useRestoreFocus(open);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
      >
        This doesn&apos;t fit me
      </Button>
      <LazyOverlay part={content} wanted={open}>
        {(loaded) => (
          <loaded.DisputeDialogContent
            card={card}
            open={open}
            setOpen={setOpen}
            restoreFocus={restoreFocus}
          />
        )}
      </LazyOverlay>
    </>
  );
}
