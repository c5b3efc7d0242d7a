import type { MoodPoint } from '@kaleido/shared/care/care-reads.schemas';
import { formatDay } from '../care-format';

const MOOD_SCORE: Record<MoodPoint['mood'], number> = {
  excited: 5,
  happy: 4,
  neutral: 3,
  sad: 2,
  angry: 1,
};

/** A small bar per mood, oldest first; the list below says the same in words. */
export function MoodTrend({
  points,
  label,
  latestOf,
}: {
  points: MoodPoint[];
  label: string;
  /** The points are only the latest this many: a full window is captioned "Last N", not a total. */
  latestOf?: number;
}) {
  const count = `${points.length} ${points.length === 1 ? 'entry' : 'entries'}`;
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No moods yet.</p>;
  return (
    <figure aria-label={label} className="grid gap-1">
      <div className="flex h-12 items-end gap-1" aria-hidden>
        {points.map((p, i) => (
          <span
            key={`${p.date}-${i}`}
            className="w-2 rounded-sm bg-primary"
            style={{ height: `${MOOD_SCORE[p.mood] * 20}%` }}
            title={`${p.mood} on ${formatDay(p.date)}`}
          />
        ))}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {latestOf !== undefined && points.length >= latestOf ? `Last ${count}` : count}, latest
        mood: {points.at(-1)?.mood}
      </figcaption>
    </figure>
  );
}
