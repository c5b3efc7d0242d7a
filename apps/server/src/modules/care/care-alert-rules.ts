import type {
  CareAlertEvidence,
  CareAlertKind,
  CareAlertValues,
} from '@kaleido/shared/care/care-alerts.schemas';
import type { Emotion } from '@kaleido/shared/insights/insights.constants';
import type { Mood } from '@kaleido/shared/journal/journal.constants';
import type { RiskThreshold, SpikeSensitivity } from '@kaleido/shared/settings/settings.schemas';

/**
 * When a person's shared data calls for a professional's attention (issue 14 item 5): pure rules
 * over fixed inputs, so thresholds are tested on fixed data. The caller passes only items the
 * person shares with that professional; nothing here reads anything.
 *
 * Two windows: the last 7 days (recent) against the 28 days before (baseline).
 * - valence drop: mean tone (VADER compound, −1..1) fell by at least the sensitivity's `drop`;
 * - mood drop: mean recorded mood (happy/excited 1, neutral 0, sad/angry −1) fell by `moodDrop`;
 * - emotional spike: recent items where a difficult emotion's share exceeds the person's own
 *   baseline share by `spike` and the item's tone is at most −`drop`.
 * The sensitivity (low/medium/high) sets the sizes; the risk threshold
 * (conservative/standard/aggressive) sets how much evidence is needed.
 */

export const RECENT_DAYS = 7;
export const BASELINE_DAYS = 28;
const DAY_MS = 86_400_000;

export const SENSITIVITY: Record<
  SpikeSensitivity,
  { drop: number; moodDrop: number; spike: number }
> = {
  low: { drop: 0.6, moodDrop: 1.2, spike: 0.75 },
  medium: { drop: 0.4, moodDrop: 0.8, spike: 0.5 },
  high: { drop: 0.25, moodDrop: 0.5, spike: 0.3 },
};

export const THRESHOLD: Record<
  RiskThreshold,
  { minRecent: number; minBaseline: number; minSpikes: number }
> = {
  conservative: { minRecent: 3, minBaseline: 5, minSpikes: 2 },
  standard: { minRecent: 2, minBaseline: 3, minSpikes: 1 },
  aggressive: { minRecent: 1, minBaseline: 2, minSpikes: 1 },
};

export const DIFFICULT_EMOTIONS = [
  'sadness',
  'anger',
  'fear',
  'disgust',
] as const satisfies readonly Emotion[];

const MOOD_SCORE: Record<Mood, number> = { happy: 1, excited: 1, neutral: 0, sad: -1, angry: -1 };

/** One shared item as the rules see it. */
export interface AlertPoint {
  /** Stable id of the item (kind:id), for the signature. */
  key: string;
  source: 'journal' | 'voice_note';
  occurredAt: Date;
  valence: number;
  mood: Mood | null;
  emotions: Partial<Record<Emotion, number>>;
}

export interface AlertTuning {
  sensitivity: SpikeSensitivity;
  threshold: RiskThreshold;
}

/** An evidence item as kept: its values, and which item it is (`ref`, never shown). */
export type StoredAlertEvidence = CareAlertEvidence & { ref: string };

export interface AlertCandidate {
  kind: CareAlertKind;
  /** The kind and the newest item behind it: one alert per trigger. */
  signature: string;
  values: CareAlertValues;
  evidence: StoredAlertEvidence[];
  /** Every item the values were computed from (decision 039: its provenance). */
  sources: string[];
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round = (n: number) => Math.round(n * 1000) / 1000;

function strongestDifficult(point: AlertPoint): { emotion: Emotion; score: number } | null {
  let best: { emotion: Emotion; score: number } | null = null;
  for (const emotion of DIFFICULT_EMOTIONS) {
    const score = point.emotions[emotion] ?? 0;
    if (score > 0 && (!best || score > best.score)) best = { emotion, score };
  }
  return best;
}

function evidenceOf(point: AlertPoint): StoredAlertEvidence {
  const difficult = strongestDifficult(point);
  return {
    ref: point.key,
    occurredAt: point.occurredAt.toISOString(),
    source: point.source,
    // Kept without words: a title is looked up when the alert is read, and only shown while
    // its item is readable by the professional (care-alerts.service.ts).
    title: null,
    valence: round(point.valence),
    mood: point.mood,
    emotion: difficult?.emotion ?? null,
    emotionScore: difficult ? round(difficult.score) : null,
  };
}

const newestFirst = (a: AlertPoint, b: AlertPoint) =>
  b.occurredAt.getTime() - a.occurredAt.getTime();

/** The alerts these points call for now, under this professional's tuning. */
export function detectAlerts(
  points: AlertPoint[],
  tuning: AlertTuning,
  now: Date,
): AlertCandidate[] {
  const sizes = SENSITIVITY[tuning.sensitivity];
  const needs = THRESHOLD[tuning.threshold];
  const recentFrom = now.getTime() - RECENT_DAYS * DAY_MS;
  const baselineFrom = recentFrom - BASELINE_DAYS * DAY_MS;
  const at = (p: AlertPoint) => p.occurredAt.getTime();
  const recent = points
    .filter((p) => at(p) > recentFrom && at(p) <= now.getTime())
    .sort(newestFirst);
  const baseline = points.filter((p) => at(p) > baselineFrom && at(p) <= recentFrom);
  const candidates: AlertCandidate[] = [];

  const drop = (
    kind: 'valence_drop' | 'mood_drop',
    score: (p: AlertPoint) => number | null,
    size: number,
  ) => {
    const scored = (list: AlertPoint[]) => list.filter((p) => score(p) !== null);
    const r = scored(recent);
    const b = scored(baseline);
    if (r.length < needs.minRecent || b.length < needs.minBaseline) return;
    const recentMean = mean(r.map((p) => score(p) ?? 0));
    const baselineMean = mean(b.map((p) => score(p) ?? 0));
    const change = recentMean - baselineMean;
    if (change > -size) return;
    const newest = r[0];
    if (!newest) return;
    candidates.push({
      kind,
      signature: `${kind}:${newest.key}`,
      values: {
        recentMean: round(recentMean),
        recentCount: r.length,
        baselineMean: round(baselineMean),
        baselineCount: b.length,
        change: round(change),
      },
      evidence: r.map(evidenceOf),
      sources: [...r, ...b].map((p) => p.key),
    });
  };
  drop('valence_drop', (p) => p.valence, sizes.drop);
  drop('mood_drop', (p) => (p.mood ? MOOD_SCORE[p.mood] : null), sizes.moodDrop);

  // A spike is measured against the person's own usual share of that emotion.
  const usual = (emotion: Emotion) =>
    baseline.length === 0 ? 0 : mean(baseline.map((p) => p.emotions[emotion] ?? 0));
  const spikes = recent.flatMap((p) => {
    const difficult = strongestDifficult(p);
    if (!difficult || p.valence > -sizes.drop) return [];
    const rise = difficult.score - usual(difficult.emotion);
    return rise >= sizes.spike ? [{ point: p, rise }] : [];
  });
  const newestSpike = spikes[0];
  if (spikes.length >= needs.minSpikes && newestSpike)
    candidates.push({
      kind: 'emotional_spike',
      signature: `emotional_spike:${newestSpike.point.key}`,
      values: {
        recentMean: round(mean(spikes.map((s) => s.point.valence))),
        recentCount: spikes.length,
        baselineMean: baseline.length ? round(mean(baseline.map((p) => p.valence))) : null,
        baselineCount: baseline.length,
        change: round(Math.max(...spikes.map((s) => s.rise))),
      },
      evidence: spikes.map((s) => evidenceOf(s.point)),
      // The person's usual share of each emotion comes from the baseline.
      sources: [...spikes.map((s) => s.point.key), ...baseline.map((p) => p.key)],
    });
  return candidates;
}

/** One plain sentence for the alert (list, notification, email). */
export function alertSummary(name: string, kind: CareAlertKind, values: CareAlertValues): string {
  const items = (n: number) => `${n} shared item${n === 1 ? '' : 's'}`;
  const days = `the last ${RECENT_DAYS} days`;
  if (kind === 'valence_drop')
    return `${name}'s emotional tone fell from ${values.baselineMean?.toFixed(2) ?? '–'} to ${values.recentMean.toFixed(2)} over ${days} (${items(values.recentCount)}).`;
  if (kind === 'mood_drop')
    return `${name}'s mood fell from ${values.baselineMean?.toFixed(2) ?? '–'} to ${values.recentMean.toFixed(2)} (−1 to 1) over ${days} (${items(values.recentCount)}).`;
  return `${name} shared ${items(values.recentCount)} with a spike of difficult emotion in ${days}.`;
}
