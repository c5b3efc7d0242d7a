import type { Mood } from '@kaleido/shared/journal/journal.constants';
import { cn } from '../../../lib/cn';
import { MOOD_LABELS } from '../journal-format';

/** A mood's face from the icon set, decorative: its name is always written beside it. */
export function MoodIcon({ mood, className }: { mood: Mood; className?: string }) {
  const Icon = MOOD_LABELS[mood].icon;
  return <Icon className={cn('size-4 shrink-0', className)} aria-hidden="true" data-mood={mood} />;
}
