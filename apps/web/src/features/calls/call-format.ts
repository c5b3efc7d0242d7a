import type { Call } from '@kaleido/shared/calls/calls.schemas';

/** 0:07, 12:30, 1:02:03 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** What the history says of a call, from the viewer's side. */
export function statusLabel(call: Call): string {
  switch (call.status) {
    case 'ringing':
      return 'Ringing';
    case 'active':
      return 'In progress';
    case 'completed':
      return 'Completed';
    case 'declined':
      return 'Declined';
    case 'missed':
      if (call.endReason === 'busy')
        return call.direction === 'outgoing' ? 'Busy' : 'Missed (busy)';
      if (call.endReason === 'cancelled' && call.direction === 'outgoing') return 'Cancelled';
      return call.direction === 'outgoing' ? 'No answer' : 'Missed';
  }
}

/** Why a call on screen is over, in a sentence. */
export function endedSentence(call: Call): string {
  const name = call.other.name;
  switch (call.endReason) {
    case 'declined':
      return call.direction === 'outgoing'
        ? `${name} declined the call.`
        : 'You declined the call.';
    case 'cancelled':
      return call.direction === 'outgoing'
        ? 'You cancelled the call.'
        : `${name} cancelled the call.`;
    case 'timeout':
      return call.direction === 'outgoing' ? `${name} did not answer.` : 'You missed this call.';
    case 'busy':
      return `${name} is in another call. Try again later.`;
    case 'lost':
      return 'The call was lost.';
    case 'hangup':
    case null:
      return `Call ended${call.duration > 0 ? ` after ${formatDuration(call.duration)}` : ''}.`;
  }
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1
      ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}`
      : (parts[0]?.slice(0, 2) ?? '?')
  ).toUpperCase();
}
