import { EMOTIONS } from '@kaleido/shared/insights/insights.constants';
import type { ItemAnalysis, MoodEstimate } from '@kaleido/shared/insights/item-analysis.schemas';
import type { EmotionalState } from '../content/content-events';

/** The keys analysis writes into an item's emotional_state (and removes with derived data). */
export const EMOTIONAL_STATE_KEYS = [
  'valence',
  'dominant_emotion',
  ...EMOTIONS,
  'estimated_mood',
  'analysis_version',
] as const;

/** The summary kept on the item itself (SPEC §3 emotional_state). */
export function emotionalStateOf(
  result: ItemAnalysis,
  estimate: MoodEstimate | null,
): EmotionalState {
  const state: EmotionalState = { valence: result.valence, analysis_version: result.version };
  if (result.dominantEmotion) state.dominant_emotion = result.dominantEmotion;
  for (const emotion of EMOTIONS)
    if (result.emotions[emotion].score > 0) state[emotion] = result.emotions[emotion].score;
  if (estimate) state.estimated_mood = estimate.mood;
  return state;
}
