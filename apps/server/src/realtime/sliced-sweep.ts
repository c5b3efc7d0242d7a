/**
 * Visits every item once per `periodMs`, a slice at a time (one slice a second by default).
 * Thousands of sockets pinged, or their sessions re-checked, in one go would stall the event
 * loop for tens of milliseconds and show up as a latency spike on every message in flight.
 */
export function slicedSweep<T>(
  periodMs: number,
  items: () => Iterable<T>,
  visit: (item: T) => void,
  slices = Math.max(1, Math.round(periodMs / 1000)),
): () => void {
  let round: T[] = [];
  let slice = 0;
  const timer = setInterval(() => {
    if (slice === 0) round = [...items()];
    const from = Math.floor((round.length * slice) / slices);
    const to = Math.floor((round.length * (slice + 1)) / slices);
    for (const item of round.slice(from, to)) visit(item);
    slice = (slice + 1) % slices;
  }, periodMs / slices);
  timer.unref();
  return () => clearInterval(timer);
}
