import { z } from 'zod';
import { EMOTIONS } from '../insights/insights.constants';
import { MOODS } from '../journal/journal.constants';

/** Alerts: a drop or a spike in what a person shares, for the professionals they share it with. */

const Iso = z.string();

export const CARE_ALERT_KINDS = ['valence_drop', 'mood_drop', 'emotional_spike'] as const;
export type CareAlertKind = (typeof CARE_ALERT_KINDS)[number];
export const CARE_ALERT_LABELS: Record<CareAlertKind, string> = {
  valence_drop: 'Drop in emotional tone',
  mood_drop: 'Drop in mood',
  emotional_spike: 'Emotional spike',
};

export const CARE_ALERT_STATUSES = ['open', 'acknowledged', 'dismissed'] as const;
export type CareAlertStatus = (typeof CARE_ALERT_STATUSES)[number];

/** One shared item behind an alert: its values, never its text. */
export const CareAlertEvidenceSchema = z.object({
  occurredAt: Iso,
  source: z.enum(['journal', 'voice_note']),
  /** The title, only when the item itself is shared (a shared entry, a voice note). */
  title: z.string().nullable(),
  /** Emotional tone, −1 .. 1. */
  valence: z.number(),
  mood: z.enum(MOODS).nullable(),
  /** The strongest difficult emotion (sadness, anger, fear, disgust) and its share, 0..1. */
  emotion: z.enum(EMOTIONS).nullable(),
  emotionScore: z.number().nullable(),
});
export type CareAlertEvidence = z.infer<typeof CareAlertEvidenceSchema>;

/** The figures an alert compares: the last 7 days against the 28 before. */
export const CareAlertValuesSchema = z.object({
  recentMean: z.number(),
  recentCount: z.number(),
  baselineMean: z.number().nullable(),
  baselineCount: z.number(),
  /** recentMean − baselineMean (negative: a drop); for a spike, the spike's size. */
  change: z.number(),
});
export type CareAlertValues = z.infer<typeof CareAlertValuesSchema>;

export const CareAlertSchema = z.object({
  id: z.string(),
  person: z.object({ id: z.string(), name: z.string() }),
  kind: z.enum(CARE_ALERT_KINDS),
  status: z.enum(CARE_ALERT_STATUSES),
  /** One plain sentence: what changed, by how much, over how many items. */
  summary: z.string(),
  values: CareAlertValuesSchema,
  evidence: z.array(CareAlertEvidenceSchema),
  createdAt: Iso,
  answeredAt: Iso.nullable(),
});
export type CareAlert = z.infer<typeof CareAlertSchema>;

export const CareAlertsQuerySchema = z.strictObject({
  personId: z.uuid().optional(),
  /** open: open only (the default); current: open and acknowledged. */
  status: z.enum(['open', 'current']).optional(),
});
