/** Zod-free, so the app shell can import it (see constants.test.ts). */

/** Feature toggles (SPEC §9), persisted per instance; defaults as the spec lists them. */
export const FEATURE_TOGGLES = [
  'audio_input',
  'video_input',
  'realtime_analysis',
  'advanced_analytics',
  /** Everyone finds everyone in the pickers: for a team that all know each other (decision 045). */
  'open_directory',
] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];
export type FeatureToggles = Record<FeatureToggle, boolean>;
export const DEFAULT_FEATURE_TOGGLES: FeatureToggles = {
  audio_input: true,
  video_input: false,
  realtime_analysis: true,
  advanced_analytics: true,
  open_directory: false,
};

/**
 * The toggles a route may require (`config: { requires: [...] }`, decision 051), each with what a
 * request gets (403 FEATURE_OFF) while the instance has it off.
 */
export const FEATURE_OFF_MESSAGES = {
  audio_input: 'Audio input is turned off on this instance.',
  video_input: 'Video input is turned off on this instance.',
  advanced_analytics: 'Advanced analytics is turned off on this instance.',
} as const satisfies Partial<Record<FeatureToggle, string>>;
export type RequiredFeature = keyof typeof FEATURE_OFF_MESSAGES;
