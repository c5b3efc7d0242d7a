import { describe, expect, it } from 'vitest';
import { accessSentence, contactLinks, listWords, notSharedSentence } from './care-format';

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

describe('the person page', () => {
  it("links to chat, mail and calls with the person in each feature's own format", () => {
    const links = contactLinks({ id: 'u-1', name: 'Olive O’Neil', email: 'olive+care@x.test' });
    expect(links.chat).toBe('/app/chat/new?with=u-1');
    expect(links.mail).toBe('/app/email/compose?to=olive%2Bcare%40x.test');
    expect(links.audioCall).toBe('/app/calls/new/audio?to=u-1&name=Olive%20O%E2%80%99Neil');
    expect(new URL(links.videoCall, 'http://x').searchParams.get('name')).toBe('Olive O’Neil');
    expect(contactLinks({ id: 'u-1', name: 'Olive', email: '' }).mail).toBeNull();
  });

  it('says plainly what is not shared', () => {
    expect(notSharedSentence('Olive', 'shared_journal_entries')).toBe(
      'Olive does not share journal entries with you.',
    );
    expect(listWords(['A'])).toBe('A');
    expect(listWords(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
