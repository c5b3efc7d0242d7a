import { Button } from '../../../components/ui/button';

/** Cancel asks whether to keep the message as a draft, throw it away, or go on writing. */
export function KeepDraftDialog({
  onKeep,
  onDiscard,
  onBack,
}: {
  onKeep: () => void;
  onDiscard: () => void;
  onBack: () => void;
}) {
  return (
    <div role="alertdialog" aria-label="Keep this draft?" className="rounded-md border p-3">
      <p className="mb-2 text-sm">Keep this message as a draft?</p>
      <div className="flex gap-2">
        <Button onClick={onKeep}>Keep draft</Button>
        <Button variant="destructive" onClick={onDiscard}>
          Discard draft
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Keep writing
        </Button>
      </div>
    </div>
  );
}
