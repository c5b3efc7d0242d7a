/** The profile screen's toasts and alert (SPEC §8). */
export const PROFILE_TOASTS = {
  saved: { title: 'Profile updated', description: 'Your changes have been saved.' },
  saveFailed: {
    title: 'Error saving changes',
    description: 'There was a problem updating your profile.',
  },
  loadFailed: {
    title: 'Error loading profile',
    description: 'There was a problem loading your profile data.',
  },
} as const;

export const PROFILE_LOAD_ALERT = 'Unable to load profile data. Please try refreshing the page.';
export const SCHEDULE_JSON_HINT =
  'This is not valid JSON yet, so it is not saved. Example: {"monday": ["09:00-17:00"]}';

/** Profile save debounce (SPEC §9): a field saves this long after its last edit. */
export const PROFILE_SAVE_DEBOUNCE_MS = 500;
