import { useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys, type HealthSample } from '../api/admin-requests';
import { formatBytes, Stat } from './console-parts';

/** One series over the sampled minutes, as a small SVG chart with a text summary. */
export function SparkChart({
  label,
  samples,
  value,
  unit,
}: {
  label: string;
  samples: HealthSample[];
  value: (sample: HealthSample) => number | null;
  unit: string;
}) {
  const points = samples.map(value);
  const numbers = points.filter((v): v is number => v !== null);
  const highest = Math.max(0, ...numbers);
  // The chart's scale never falls below 1, so a flat zero draws along the bottom; the words say
  // what was measured (product walk 2 B-10: "highest 1.0 err" with no error at all).
  const max = Math.max(1, highest);
  const width = 300;
  const height = 60;
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const path = points
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(height - ((v ?? 0) / max) * height).toFixed(1)}`,
    )
    .join(' ');
  const latest = numbers.at(-1);
  const summary =
    numbers.length === 0
      ? 'No samples yet (one is taken every minute).'
      : `Latest ${latest?.toFixed(1)} ${unit}, highest ${highest.toFixed(1)} ${unit}, over ${numbers.length} minutes.`;
  return (
    <figure className="grid gap-1 rounded-lg border p-4">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full text-primary"
        role="img"
        aria-label={`${label}: ${summary}`}
        preserveAspectRatio="none"
      >
        {points.length > 1 && <path d={path} fill="none" stroke="currentColor" strokeWidth="2" />}
      </svg>
      <p className="text-xs text-muted-foreground">{summary}</p>
    </figure>
  );
}

/** /admin/health: database, migrations, mail, transcription, analysis, sockets, requests. */
export function HealthPage() {
  const { data, isError } = useQuery({
    queryKey: adminKeys.health,
    queryFn: adminApi.health,
    refetchInterval: 60_000,
  });
  if (isError) return <p role="alert">Health could not be loaded. Please try again.</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const queue = data.transcription.queue;
  const transcriptionQueue =
    typeof queue === 'number'
      ? queue
      : queue && typeof queue === 'object'
        ? Object.entries(queue as Record<string, unknown>)
            .map(([k, v]) => `${k} ${String(v)}`)
            .join(', ')
        : '—';
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3" aria-label="Health figures">
        <Stat label="Database" value={data.database.kind} />
        <Stat label="Database size" value={formatBytes(data.database.sizeBytes)} />
        <Stat label="Database ping" value={`${data.database.pingMs} ms`} />
        <Stat label="Migrations applied" value={data.database.migrationsApplied ?? 'unknown'} />
        <Stat label="Mail mode" value={data.mail.mode} />
        <Stat
          label="Transcription engine"
          value={`${data.transcription.engine ?? 'none'}${data.transcription.available ? '' : ' (unavailable)'}`}
        />
        <Stat label="Transcription queue" value={transcriptionQueue} />
        <Stat label="Analysis queue" value={data.analysis.queue} />
        <Stat label="Server instances" value={data.instances} />
        <Stat label="WebSocket connections" value={data.realtime.connections} />
        <Stat label="Requests (since start)" value={data.requests.total} />
        <Stat label="Error rate" value={`${(data.requests.errorRate * 100).toFixed(2)} %`} />
        <Stat
          label="Average latency"
          value={
            data.requests.avgLatencyMs === null
              ? '—'
              : `${data.requests.avgLatencyMs.toFixed(1)} ms`
          }
        />
      </dl>
      <section aria-labelledby="health-charts" className="grid gap-3">
        <h2 id="health-charts" className="text-lg font-semibold">
          The last hours (this instance)
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <SparkChart
            label="Requests per minute"
            samples={data.history}
            value={(s) => s.requests}
            unit="req"
          />
          <SparkChart
            label="Server errors per minute"
            samples={data.history}
            value={(s) => s.errors}
            unit="err"
          />
          <SparkChart
            label="Average latency"
            samples={data.history}
            value={(s) => s.avgLatencyMs}
            unit="ms"
          />
        </div>
      </section>
    </div>
  );
}
