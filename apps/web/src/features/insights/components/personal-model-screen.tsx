import { INSIGHTS_MESSAGES } from '@kaleido/shared/insights/insights.constants';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useInsightsSync } from '../hooks/use-insights-sync';
import { personalModelQuery } from '../api/insights-pages-requests';
import { formatDate, modelSummary, moodRows } from '../insights-pages-format';

const linkClass = 'text-primary underline-offset-4 hover:underline';

/** /app/dashboard/insights/personal-model: what the person's own model has learned (item 2). */
export function PersonalModelScreen() {
  useInsightsSync();
  const { data, isPending, isError } = useQuery(personalModelQuery());

  return (
    <div className="mt-6 grid gap-6">
      <nav aria-label="Insights" className="flex flex-wrap gap-3 text-sm">
        <Link to="/app/dashboard" className={linkClass}>
          Back to the dashboard
        </Link>
        <Link to="/app/dashboard/insights/personality" className={linkClass}>
          Personality
        </Link>
      </nav>
      {isPending ? (
        <Spinner label="Loading your personal model" />
      ) : isError ? (
        <Alert tone="error">Your personal model could not be loaded.</Alert>
      ) : (
        <>
          <section aria-labelledby="model-status" className="grid gap-2">
            <h2 id="model-status" className="text-lg font-semibold">
              What it learned from
            </h2>
            <p data-testid="model-summary" data-status={data.status}>
              {modelSummary(data)}
            </p>
            {data.updatedAt && (
              <p className="text-sm text-muted-foreground">
                Last updated {formatDate(data.updatedAt)}.
              </p>
            )}
          </section>

          <section aria-labelledby="model-words" className="grid gap-3">
            <h2 id="model-words" className="text-lg font-semibold">
              Your words for each mood
            </h2>
            <p className="text-sm text-muted-foreground">
              The words most typical of each mood you recorded on journal entries, most typical
              first. It learns only from your own entries and never mixes in anyone else&apos;s.
            </p>
            {moodRows(data).length === 0 ? (
              <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
                {INSIGHTS_MESSAGES.notEnoughData} Record a mood when you write a journal entry.
              </p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2" data-testid="model-moods">
                {moodRows(data).map((row) => (
                  <li key={row.mood} className="rounded-lg border p-4" data-mood={row.mood}>
                    <h3 className="font-semibold">
                      {row.label}{' '}
                      <span className="text-sm font-normal text-muted-foreground">
                        ({row.entries} {row.entries === 1 ? 'entry' : 'entries'})
                      </span>
                    </h3>
                    {row.words.length === 0 ? (
                      <p className="text-sm text-muted-foreground">No typical words yet.</p>
                    ) : (
                      <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${row.label} words`}>
                        {row.words.map((word) => (
                          <li key={word} className="rounded-full border px-2 py-0.5 text-sm">
                            {word}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          {data.disputes.length > 0 && (
            <section aria-labelledby="model-disputes" className="grid gap-2 text-sm">
              <h2 id="model-disputes" className="text-lg font-semibold">
                What you told it did not fit
              </h2>
              <ul className="list-disc pl-5">
                {data.disputes.map((d) => (
                  <li key={d.id}>
                    “{d.claim}”{d.reason && ` — ${d.reason}`}
                    {d.words.length > 0 && ` (now weighs less: ${d.words.join(', ')})`}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="model-how" className="grid gap-2 text-sm">
            <h2 id="model-how" className="text-lg font-semibold">
              How it works
            </h2>
            <p>
              A small classifier on our server counts which of your words and themes go with which
              mood you recorded. It estimates the mood of things you write without one, and adjusts
              the general word list for you. It is a guess from word counts, not a reading of how
              you feel.
            </p>
          </section>
        </>
      )}
    </div>
  );
}
