import type { InsightChart as Chart } from '@kaleido/shared/insights/insight-cards.schemas';

const W = 320;
const H = 120;
const PAD = { left: 8, right: 8, top: 8, bottom: 8 };

/** Shades of the theme's primary colour for stacked series (dark mode follows currentColor). */
const OPACITIES = [1, 0.8, 0.65, 0.5, 0.4, 0.3, 0.22, 0.15];

/**
 * An insight's chart, hand-drawn in SVG (no chart library), hidden from screen readers: the
 * card's `summary` sentence beside it is the text alternative.
 */
export default function InsightChart({ chart }: { chart: Chart }) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  let body: React.ReactNode = null;

  if (chart.type === 'line') {
    const [lo, hi] = chart.domain;
    const span = hi - lo || 1;
    const n = chart.points.length;
    const x = (i: number) => PAD.left + (n <= 1 ? innerW / 2 : (i / (n - 1)) * innerW);
    const y = (v: number) => PAD.top + (1 - (v - lo) / span) * innerH;
    const pts = chart.points.flatMap((p, i) => (p.y === null ? [] : [{ p, cx: x(i), cy: y(p.y) }]));
    const band = pts.filter((q) => q.p.low !== undefined && q.p.high !== undefined);
    body = (
      <>
        {band.length > 1 && (
          <polygon
            opacity="0.15"
            fill="currentColor"
            points={[
              ...band.map((q) => `${q.cx},${y(q.p.high ?? 0)}`),
              ...[...band].reverse().map((q) => `${q.cx},${y(q.p.low ?? 0)}`),
            ].join(' ')}
          />
        )}
        {pts.length > 1 && (
          <polyline
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            points={pts.map((q) => `${q.cx},${q.cy}`).join(' ')}
          />
        )}
        {pts.map((q) => (
          <circle key={q.p.x} cx={q.cx} cy={q.cy} r="3" fill="currentColor" />
        ))}
      </>
    );
  } else if (chart.type === 'bars') {
    const max = Math.max(...chart.bars.map((b) => Math.abs(b.y ?? 0)), 1e-9);
    const slot = innerW / Math.max(chart.bars.length, 1);
    const zero = PAD.top + innerH / 2;
    const hasNegative = chart.bars.some((b) => (b.y ?? 0) < 0);
    const base = hasNegative ? zero : PAD.top + innerH;
    const scale = hasNegative ? innerH / 2 : innerH;
    body = chart.bars.map((b, i) => {
      const h = (Math.abs(b.y ?? 0) / max) * scale;
      const top = (b.y ?? 0) >= 0 ? base - h : base;
      return (
        <rect
          key={b.x}
          x={PAD.left + i * slot + slot * 0.15}
          width={slot * 0.7}
          y={top}
          height={Math.max(h, 1)}
          fill="currentColor"
        />
      );
    });
  } else {
    return <StackedChart chart={chart} />;
  }

  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-primary" aria-hidden="true">
      <rect
        x={PAD.left}
        y={PAD.top}
        width={innerW}
        height={innerH}
        fill="none"
        stroke="currentColor"
        className="text-border"
      />
      {body}
    </svg>
  );
}

type Stacked = Extract<Chart, { type: 'stacked' }>;
const STACK_H = 120;
const STACK_LABEL = 14;
/** A single bar is never wider than this share of the plot (a lone week is not a wall). */
const MAX_BAR_SHARE = 0.2;

/**
 * Shares per period, one bar per period that has any (empty periods say nothing about a mix),
 * each labelled, with a legend of the series: a lone period is a readable bar, not a sliver at
 * the edge of an empty box.
 */
function StackedChart({ chart }: { chart: Stacked }) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = STACK_H - PAD.top - PAD.bottom - STACK_LABEL;
  const filled = chart.points.filter((p) => chart.keys.some((k) => (p.values[k] ?? 0) > 0));
  const slot = innerW / Math.max(filled.length, 1);
  const barW = Math.min(slot * 0.8, innerW * MAX_BAR_SHARE);
  const left = PAD.left + (innerW - slot * filled.length) / 2;
  return (
    <div className="grid gap-2" aria-hidden="true">
      <svg viewBox={`0 0 ${W} ${STACK_H}`} className="h-auto w-full text-primary">
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          stroke="currentColor"
          className="text-border"
        />
        {filled.map((p, i) => {
          const total = chart.keys.reduce((sum, k) => sum + (p.values[k] ?? 0), 0) || 1;
          const x = left + i * slot + (slot - barW) / 2;
          let acc = 0;
          return (
            <g key={p.x} data-testid="stacked-bar">
              {chart.keys.map((k, j) => {
                const h = ((p.values[k] ?? 0) / total) * innerH;
                acc += h;
                return (
                  <rect
                    key={k}
                    x={x}
                    width={barW}
                    y={PAD.top + innerH - acc}
                    height={h}
                    fill="currentColor"
                    opacity={OPACITIES[j % OPACITIES.length]}
                  />
                );
              })}
              <text
                x={x + barW / 2}
                y={STACK_H - PAD.bottom}
                textAnchor="middle"
                fontSize="9"
                className="fill-muted-foreground"
              >
                {p.x}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {chart.keys.map((k, j) => (
          <li key={k} className="flex items-center gap-1 capitalize">
            <span
              className="inline-block size-2.5 rounded-sm bg-primary"
              style={{ opacity: OPACITIES[j % OPACITIES.length] }}
            />
            {k}
          </li>
        ))}
      </ul>
    </div>
  );
}
