import { INSIGHTS_MESSAGES } from '@kaleido/shared/insights/insights.constants';
import type { InsightCard as Card } from '@kaleido/shared/insights/insight-cards.schemas';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { basisText, intervalText } from '../insight-format';
import { DisputeDialog } from './dispute-dialog';

const InsightChart = lazy(() => import('./insight-chart'));

/**
 * One insight: the claim in the person's tone, what it rests on (n, the interval), the evidence
 * (items that open, the words that drove it), its chart with a sentence for a text alternative,
 * and 'This doesn't fit me'. Below the minimum it says it does not know yet.
 */
export function InsightCard({ card, detailLink = true }: { card: Card; detailLink?: boolean }) {
  const known = card.status === 'ok';
  const headingId = `insight-${card.id.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid content-start gap-2 rounded-lg border bg-card p-5 shadow-sm"
      data-insight={card.id}
      data-status={card.status}
    >
      <h3 id={headingId} className="font-semibold">
        {card.title}
      </h3>
      <p className={known ? '' : 'text-muted-foreground'}>
        {known ? card.claim : card.claim || INSIGHTS_MESSAGES.notEnoughData}
      </p>
      <p className="text-xs text-muted-foreground">
        {basisText(card)}
        {card.interval && <> · {intervalText(card.interval)}</>}
      </p>
      {known && card.writtenBy === 'language_model' && (
        <p className="text-xs text-muted-foreground">
          Written by this server’s language model from the figures above, as you chose in your
          insight settings.
        </p>
      )}
      {known && card.chart && (
        // Reachable with Tab, and named by its text alternative (the drawing is hidden).
        <figure
          tabIndex={0}
          aria-labelledby={`${headingId}-chart`}
          className="grid gap-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Suspense fallback={null}>
            <InsightChart chart={card.chart} />
          </Suspense>
          <figcaption id={`${headingId}-chart`} className="text-xs text-muted-foreground">
            {card.chart.summary}
          </figcaption>
        </figure>
      )}
      {known && card.evidence.words.length > 0 && (
        <p className="text-sm">
          <span className="text-muted-foreground">Words behind it: </span>
          {card.evidence.words.slice(0, 8).join(', ')}
        </p>
      )}
      {known && card.evidence.items.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Evidence">
          {card.evidence.items.slice(0, 3).map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              {item.href ? (
                <Link to={item.href} className="text-primary underline underline-offset-4">
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
              <span className="text-muted-foreground"> — {item.snippet}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {detailLink && (
          <Link
            to={`/app/dashboard/insights/${card.kind}`}
            className="text-sm text-primary underline-offset-4 hover:underline"
            aria-label={`Details: ${card.title}`}
          >
            Details
          </Link>
        )}
        {known && <DisputeDialog card={card} />}
      </div>
    </article>
  );
}
