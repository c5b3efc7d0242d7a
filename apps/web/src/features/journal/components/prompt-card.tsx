import { findPrompt } from '@kaleido/shared/journal/journal-prompts';
import { useQuery } from '@tanstack/react-query';
import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { journalKeys } from '../../../lib/api/journal';
import { fetchJournalPrompts } from '../api/journal-requests';

/**
 * The prompt of the day above a new entry. Answering it makes the entry a reflection; 'Another
 * prompt' walks the library (the profile's reflection goals first). Never required.
 */
export function PromptCard({
  promptId,
  onChoose,
}: {
  promptId: string | null;
  onChoose: (promptId: string | null) => void;
}) {
  const prompts = useQuery({
    queryKey: journalKeys.prompts,
    queryFn: fetchJournalPrompts,
    staleTime: 60 * 60_000,
  });
  const [offset, setOffset] = useState(0);
  // No prompts (the request failed or is on its way): the form works without them.
  if (!prompts.data) return null;
  const chosen = promptId ? findPrompt(promptId) : undefined;
  if (chosen)
    return (
      <aside
        aria-label="Prompt you are answering"
        className="flex flex-col gap-2 rounded-md border border-primary/40 bg-accent p-4"
      >
        <p className="text-sm text-muted-foreground">You are answering</p>
        <p className="font-medium" data-testid="chosen-prompt">
          {chosen.text}
        </p>
        <Button variant="link" size="inline" className="self-start" onClick={() => onChoose(null)}>
          Write freely instead
        </Button>
      </aside>
    );

  const { today, prompts: library } = prompts.data;
  const shown =
    offset === 0
      ? today
      : (library.filter((p) => p.id !== today.id)[(offset - 1) % Math.max(1, library.length - 1)] ??
        today);
  return (
    <aside aria-label="Prompt of the day" className="flex flex-col gap-2 rounded-md border p-4">
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Lightbulb className="size-4" aria-hidden="true" />
        {offset === 0 ? 'Prompt of the day' : `A prompt about ${shown.category}`}
      </p>
      <p className="font-medium" data-testid="journal-prompt">
        {shown.text}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onChoose(shown.id)}>
          Answer this prompt
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOffset((n) => n + 1)}>
          Another prompt
        </Button>
      </div>
    </aside>
  );
}
