import { describe, expect, it } from 'vitest';
import { accessSentence } from './care-format';

describe('accessSentence', () => {
  it('says who viewed what, how many items and when', () => {
    const sentence = accessSentence({
      id: '1',
      professional: { id: 'p', name: 'Carol' },
      what: 'mood_trend',
      itemCount: 3,
      at: '2026-11-24T10:00:00.000Z',
    });
    expect(sentence).toMatch(/^Carol viewed your mood trend, 3 entries, on /);
    expect(
      accessSentence({
        id: '2',
        professional: { id: 'p', name: 'Carol' },
        what: 'transcripts',
        itemCount: 1,
        at: '2026-11-24T10:00:00.000Z',
      }),
    ).toMatch(/your voice note transcripts, 1 transcript, on/);
  });
});
