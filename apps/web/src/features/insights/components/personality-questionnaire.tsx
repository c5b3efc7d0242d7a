import type { PersonalityOverview } from '@kaleido/shared/insights/personality';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { usePersonalityDraft } from '../hooks/use-personality-draft';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { insightPageKeys, submitPersonality } from '../api/insights-pages-requests';
import { incompleteMessage, progressLabel, unansweredItems } from '../insights-pages-format';

/**
 * The IPIP-50, one native radio group per statement (arrow keys move within a group, Tab between
 * groups). Incomplete answers are never sent: the message names what is left and focus moves to
 * the first unanswered statement.
 */
export function PersonalityQuestionnaire({
  overview,
  onDone,
  onCancel,
}: {
  overview: PersonalityOverview;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const total = overview.items.length;
  const { answers, setAnswers, forget } = usePersonalityDraft(total);
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: submitPersonality,
    onSuccess: async () => {
      forget();
      await queryClient.invalidateQueries({ queryKey: insightPageKeys.personality });
      onDone();
    },
  });
  const answered = total - unansweredItems(answers, total).length;

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const missing = unansweredItems(answers, total);
    const message = incompleteMessage(missing);
    setProblem(message);
    if (message) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="item-${missing[0]}"]`)?.focus();
      return;
    }
    mutation.mutate(answers.map((a) => a ?? 3));
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-labelledby="questionnaire-heading"
      data-testid="personality-form"
    >
      <h2 id="questionnaire-heading" className="text-lg font-semibold">
        The questionnaire
      </h2>
      <p className="text-sm">{overview.instructions}</p>
      <div className="sticky top-0 z-10 grid gap-1 bg-background py-2 text-sm">
        <label htmlFor="personality-progress">{progressLabel(answered, total)}</label>
        <progress
          id="personality-progress"
          max={total}
          value={answered}
          className="h-2 w-full"
          data-testid="personality-progress"
        />
      </div>
      <ol className="grid gap-3">
        {overview.items.map((item, index) => (
          <li key={item.number}>
            <fieldset
              className="rounded-lg border p-3"
              aria-invalid={problem !== null && !answers[index] ? true : undefined}
              data-item={item.number}
            >
              <legend className="px-1 font-medium">
                {item.number}. {item.text}
              </legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-5 sm:gap-2">
                {overview.scale.map((label, choice) => (
                  <label
                    key={label}
                    className="flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent"
                  >
                    <input
                      type="radio"
                      name={`item-${item.number}`}
                      value={choice + 1}
                      checked={answers[index] === choice + 1}
                      onChange={() =>
                        setAnswers((prev) => prev.map((a, i) => (i === index ? choice + 1 : a)))
                      }
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {problem && <Alert tone="error">{problem}</Alert>}
      {mutation.isError && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Scoring…' : 'See my scores'}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
