import { DASHBOARD_TEXTS } from '@kaleido/shared/dashboard/dashboard.constants';
import type { MoodDay } from '@kaleido/shared/dashboard/dashboard.schemas';
import { moodTrendSummary } from '../dashboard-format';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { left: 44, right: 12, top: 12, bottom: 24 };

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The mood trend: a small hand-drawn SVG (no chart library) of the daily average mood, with its
 * text alternative — a sentence for everyone and the figures as a table on request.
 */
export default function MoodTrendChart({ days }: { days: MoodDay[] }) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i / (days.length - 1)) * innerW);
  const y = (v: number) => PAD.top + ((1 - v) / 2) * innerH;
  const points = days.flatMap((d, i) =>
    d.average === null ? [] : [{ d, cx: x(i), cy: y(d.average) }],
  );
  const recorded = days.filter((d) => d.entries > 0);
  const summary = moodTrendSummary(days);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className="rounded-lg border p-4" data-testid="mood-trend">
      <figcaption className="mb-2">
        <span className="block text-lg font-semibold">{DASHBOARD_TEXTS.moodTrend}</span>
        <span className="block text-sm text-muted-foreground">{DASHBOARD_TEXTS.moodTrendHelp}</span>
      </figcaption>
      {points.length > 0 && (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full text-primary"
          aria-hidden="true"
          data-testid="mood-trend-svg"
        >
          <g className="text-muted-foreground" fill="currentColor" fontSize="11">
            <text x={PAD.left - 6} y={y(1) + 4} textAnchor="end">
              Good
            </text>
            <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end">
              Neutral
            </text>
            <text x={PAD.left - 6} y={y(-1) + 4} textAnchor="end">
              Hard
            </text>
            {first && (
              <text x={x(0)} y={HEIGHT - 6}>
                {dayLabel(first.date)}
              </text>
            )}
            {last && (
              <text x={x(days.length - 1)} y={HEIGHT - 6} textAnchor="end">
                {dayLabel(last.date)}
              </text>
            )}
          </g>
          <g className="text-border" stroke="currentColor">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(1)} y2={y(1)} />
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} strokeDasharray="4 4" />
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(-1)} y2={y(-1)} />
          </g>
          {points.length > 1 && (
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              points={points.map((p) => `${p.cx},${p.cy}`).join(' ')}
            />
          )}
          {points.map((p) => (
            <circle
              key={p.d.date}
              cx={p.cx}
              cy={p.cy}
              r="4"
              fill="currentColor"
              data-date={p.d.date}
            />
          ))}
        </svg>
      )}
      <p className="mt-2 text-sm" data-testid="mood-trend-summary">
        {summary}
      </p>
      {recorded.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-primary">Show the figures as a table</summary>
          <table className="mt-2 w-full text-left" data-testid="mood-trend-table">
            <caption className="sr-only">{DASHBOARD_TEXTS.moodTrend}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 font-medium">
                  Entries
                </th>
                <th scope="col" className="py-1 font-medium">
                  Average mood (−1 to 1)
                </th>
              </tr>
            </thead>
            <tbody>
              {recorded.map((d) => (
                <tr key={d.date} className="border-t">
                  <td className="py-1">{dayLabel(d.date)}</td>
                  <td className="py-1">{d.entries}</td>
                  <td className="py-1">{d.average}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
