import { Angry, Frown, Laugh, Meh, Smile, type LucideIcon } from 'lucide-react';
import {
  DEFAULT_PRIVACY_LEVEL,
  type Mood,
  type PrivacyLevel,
} from '@kaleido/shared/journal/journal.constants';

/** Timezones the browser's Intl does not know fall back to the browser's own. */
function zoneOrLocal(timezone: string | undefined): string | undefined {
  if (!timezone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return undefined;
  }
}

/** "Tue, 24 Nov 2026, 17:49" in the person's timezone. */
export function formatEntryTime(iso: string, timezone: string | undefined): string {
  return new Date(iso).toLocaleString(undefined, {
    timeZone: zoneOrLocal(timezone),
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the person's timezone. */
export function dayOf(iso: string, timezone: string | undefined): string {
  return new Date(iso).toLocaleDateString('en-CA', { timeZone: zoneOrLocal(timezone) });
}

// Drawn with the app's icon set, not emoji: a machine without a colour emoji font showed a
// missing-glyph box for 🤩.
export const MOOD_LABELS: Record<Mood, { label: string; icon: LucideIcon; colour: string }> = {
  happy: { label: 'Happy', icon: Smile, colour: 'bg-amber-300' },
  excited: { label: 'Excited', icon: Laugh, colour: 'bg-pink-300' },
  neutral: { label: 'Neutral', icon: Meh, colour: 'bg-slate-300' },
  sad: { label: 'Sad', icon: Frown, colour: 'bg-sky-300' },
  angry: { label: 'Angry', icon: Angry, colour: 'bg-red-300' },
};

/** Privacy shown plainly: who can read this entry. */
export const PRIVACY_LABELS: Record<PrivacyLevel, { label: string; explanation: string }> = {
  private: { label: 'Private', explanation: 'Only you can read this entry.' },
  shared_with_clients: {
    label: 'Shared with your professionals',
    explanation: 'Coaches or therapists you work with in Kaleido can read it.',
  },
  public: {
    label: 'Public',
    explanation: 'Not kept private: it may be shown beyond you and your professionals.',
  },
};

/**
 * A new entry's privacy: the person's choice in Settings → Privacy (issue 14), else the spec's
 * default, private. Undefined while the settings are loading, so the form waits for it.
 */
export function newEntryPrivacy(
  settings: { privacy_settings: { new_entry_privacy?: PrivacyLevel } } | undefined,
  failed = false,
): PrivacyLevel | undefined {
  if (!settings) return failed ? DEFAULT_PRIVACY_LEVEL : undefined;
  return settings.privacy_settings.new_entry_privacy ?? DEFAULT_PRIVACY_LEVEL;
}
