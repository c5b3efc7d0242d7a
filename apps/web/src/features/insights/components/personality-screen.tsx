import {
  PERSONALITY_DOMAINS,
  PERSONALITY_DOMAIN_LABELS,
  type PersonalityOverview,
  type StyleIndicators,
} from '@kaleido/shared/insights/personality';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useInsightsSync } from '../hooks/use-insights-sync';
import { personalityQuery } from '../api/insights-pages-requests';
import { domainHistory, formatChange, formatDate, scoreRows } from '../insights-pages-format';
import { PersonalityQuestionnaire } from './personality-questionnaire';

const linkClass = 'text-primary underline-offset-4 hover:underline';

/** /app/dashboard/insights/personality: the IPIP-50 self-report beside tentative style (item 3). */
export function PersonalityScreen() {
  useInsightsSync();
  const { data, isPending, isError } = useQuery(personalityQuery());
  const [taking, setTaking] = useState(false);
  // After a submission focus moves to the new scores, so the keyboard is not left on nothing.
  const [justScored, setJustScored] = useState(false);

  return (
    <div className="mt-6 grid gap-6">
      <nav aria-label="Insights" className="flex flex-wrap gap-3 text-sm">
        <Link to="/app/dashboard" className={linkClass}>
          Back to the dashboard
        </Link>
        <Link to="/app/dashboard/insights/personal-model" className={linkClass}>
          Your personal model
        </Link>
      </nav>
      {isPending ? (
        <Spinner label="Loading the questionnaire" />
      ) : isError ? (
        <Alert tone="error">The questionnaire could not be loaded.</Alert>
      ) : (
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="grid content-start gap-6 lg:col-span-2">
            {taking || data.results.length === 0 ? (
              <PersonalityQuestionnaire
                overview={data}
                onDone={() => {
                  setTaking(false);
                  setJustScored(true);
                }}
                onCancel={data.results.length > 0 ? () => setTaking(false) : undefined}
              />
            ) : (
              <>
                <PersonalityResults overview={data} focus={justScored} />
                <div>
                  <Button variant="outline" onClick={() => setTaking(true)}>
                    Retake the questionnaire
                  </Button>
                </div>
                {data.results.length > 1 && <PersonalityHistory overview={data} />}
              </>
            )}
            <AboutTheQuestionnaire overview={data} />
          </div>
          <StyleIndicatorsPanel style={data.styleIndicators} />
        </div>
      )}
    </div>
  );
}

function PersonalityResults({
  overview,
  focus,
}: {
  overview: PersonalityOverview;
  focus: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, overview.results]);
  const latest = overview.results[0];
  if (!latest) return null;
  return (
    <section aria-labelledby="personality-scores" className="grid gap-3" data-testid="scores">
      <h2
        id="personality-scores"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        Your Big-Five scores
      </h2>
      <p className="text-sm text-muted-foreground">
        From your answers on {formatDate(latest.takenAt)}: the mean of each domain&apos;s ten
        statements, from 1 to 5, on the scale itself (not compared with other people).
      </p>
      <ul className="grid gap-3">
        {scoreRows(latest).map((row) => (
          <li key={row.domain} data-domain={row.domain}>
            <div className="flex justify-between text-sm">
              <span className="font-medium">{row.label}</span>
              <span data-testid={`score-${row.domain}`}>{row.mean.toFixed(2)} of 5</span>
            </div>
            <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-muted">
              <div className="h-2 rounded-full bg-primary" style={{ width: `${row.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PersonalityHistory({ overview }: { overview: PersonalityOverview }) {
  const taken = [...overview.results].sort((a, b) => a.takenAt.localeCompare(b.takenAt));
  return (
    <section aria-labelledby="personality-history" className="grid gap-2">
      <h2 id="personality-history" className="text-lg font-semibold">
        Over time
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="personality-history">
          <caption className="sr-only">Your mean score per domain each time you answered</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left">
                Domain
              </th>
              {taken.map((r) => (
                <th key={r.id} scope="col" className="text-right">
                  {formatDate(r.takenAt)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERSONALITY_DOMAINS.map((domain) => (
              <tr key={domain}>
                <th scope="row" className="text-left font-normal">
                  {PERSONALITY_DOMAIN_LABELS[domain]}
                </th>
                {domainHistory(overview.results, domain).map((point) => (
                  <td key={point.id} className="text-right">
                    {point.mean.toFixed(2)}{' '}
                    <span className="text-muted-foreground">({formatChange(point.change)})</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function AboutTheQuestionnaire({ overview }: { overview: PersonalityOverview }) {
  return (
    <section aria-labelledby="personality-about" className="grid gap-2 text-sm">
      <h2 id="personality-about" className="text-lg font-semibold">
        About this questionnaire
      </h2>
      <p data-testid="personality-attribution">{overview.attribution}</p>
      <ul className="list-disc pl-5" data-testid="personality-caveats">
        <li>It is a self-report: it shows how you see yourself, and is not a diagnosis.</li>
        {overview.caveats.map((caveat) => (
          <li key={caveat}>{caveat}</li>
        ))}
      </ul>
    </section>
  );
}

function StyleIndicatorsPanel({ style }: { style: StyleIndicators }) {
  return (
    <section
      aria-labelledby="style-heading"
      className="grid content-start gap-3 rounded-lg border p-4"
      data-testid="style-indicators"
      data-status={style.status}
    >
      <h2 id="style-heading" className="text-lg font-semibold">
        Your writing style <span className="text-sm font-normal">(tentative)</span>
      </h2>
      <p className="text-sm text-muted-foreground">{style.caveat}</p>
      {style.status === 'not_enough_data' ? (
        <p className="text-sm">
          Not enough data yet: it rests on {style.n} of the at least {style.minimum} things you
          write that it needs, so it does not say anything.
        </p>
      ) : (
        <>
          <p className="text-sm">Based on {style.n} things you wrote, per 100 words:</p>
          <ul className="grid gap-3 text-sm">
            {style.indicators.map((indicator) => (
              <li key={indicator.marker} data-marker={indicator.marker}>
                <p className="font-medium">
                  {indicator.label}: {indicator.estimate.toFixed(1)}{' '}
                  <span className="font-normal text-muted-foreground">
                    (95% interval {indicator.low.toFixed(1)}–{indicator.high.toFixed(1)})
                  </span>
                </p>
                {indicator.words.length > 0 && <p>Words: {indicator.words.join(', ')}</p>}
                <p className="text-muted-foreground">{indicator.note}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
