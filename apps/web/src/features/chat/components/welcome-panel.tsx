import { MessageSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The right pane with nothing selected. */
export function WelcomePanel({ onStart }: { onStart: () => void }) {
  return (
    <section className="flex flex-col items-center justify-center gap-3 p-10 text-center">
      <MessageSquare className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Welcome to Chat</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Pick a conversation on the left, or start a new one with someone you work with.
      </p>
      <Button onClick={onStart}>Start New Conversation</Button>
    </section>
  );
}
