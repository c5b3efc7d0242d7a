import type { Call } from '@kaleido/shared/calls/calls.schemas';
import { describe, expect, it } from 'vitest';
import { endedSentence, formatDuration, initials, statusLabel } from './call-format';

const call = (patch: Partial<Call>): Call => ({
  id: 'c',
  type: 'audio',
  status: 'completed',
  direction: 'outgoing',
  caller: { id: 'a', name: 'Ada Lovelace', avatarUrl: '' },
  callee: { id: 'b', name: 'Bob Marley', avatarUrl: '' },
  other: { id: 'b', name: 'Bob Marley', avatarUrl: '' },
  timestamp: '2026-01-01T10:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  duration: 0,
  endReason: null,
  endedBy: null,
  hasTranscript: false,
  transcriptState: 'off',
  transcriptRequestedBy: null,
  ...patch,
});

describe('call formatting', () => {
  it('writes durations as a clock', () => {
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(750)).toBe('12:30');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('says each status from the viewer’s side', () => {
    expect(statusLabel(call({}))).toBe('Completed');
    expect(statusLabel(call({ status: 'declined' }))).toBe('Declined');
    expect(statusLabel(call({ status: 'missed', endReason: 'timeout' }))).toBe('No answer');
    expect(
      statusLabel(call({ status: 'missed', endReason: 'timeout', direction: 'incoming' })),
    ).toBe('Missed');
    expect(statusLabel(call({ status: 'missed', endReason: 'busy' }))).toBe('Busy');
    expect(statusLabel(call({ status: 'missed', endReason: 'cancelled' }))).toBe('Cancelled');
  });

  it('explains why a call on screen ended', () => {
    expect(endedSentence(call({ endReason: 'declined' }))).toBe('Bob Marley declined the call.');
    expect(endedSentence(call({ endReason: 'busy' }))).toBe(
      'Bob Marley is in another call. Try again later.',
    );
    expect(endedSentence(call({ endReason: 'hangup', duration: 65 }))).toBe(
      'Call ended after 1:05.',
    );
    expect(initials('Ada Lovelace')).toBe('AL');
  });
});
