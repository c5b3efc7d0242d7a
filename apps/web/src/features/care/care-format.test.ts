import { describe, expect, it } from 'vitest';
import type { AccessLogEntry, ConsentChange } from '@kaleido/shared/care/care-records.schemas';
import {
  accessSentence,
  consentSentence,
  contactLinks,
  listWords,
  notSharedSentence,
} from './care-format';

const read = (change: Partial<AccessLogEntry>): AccessLogEntry => ({
  id: '1',
  professional: { id: 'p', name: 'Carol' },
  what: 'mood_trend',
  itemCount: 3,
  at: '2026-11-24T10:00:00.000Z',
  readCount: 1,
  lastAt: '2026-11-24T10:00:00.000Z',
  ...change,
});

describe('accessSentence', () => {
  it('says who viewed what, how many items and when', () => {
    expect(accessSentence(read({}))).toMatch(/^Carol viewed your mood trend, 3 entries, on /);
    expect(accessSentence(read({ what: 'transcripts', itemCount: 1 }))).toMatch(
      /your voice note transcripts, 1 transcript, on/,
    );
  });

  it('counts identical reads of one row, and names a professional whose account is gone', () => {
    const sentence = accessSentence(
      read({
        professional: { id: null, name: 'Carol' },
        what: 'alert_list',
        itemCount: 2,
        readCount: 4,
      }),
    );
    expect(sentence).toMatch(
      /^Carol \(account deleted\) viewed the alerts drawn from your shared data, 2 alerts, on .+, 4 times$/,
    );
    expect(accessSentence(read({ what: 'person', itemCount: 1 }))).toMatch(
      /^Carol viewed your name, email and what you share with them, 1 scope shared, on /,
    );
  });
});

describe('consentSentence', () => {
  const change = (c: Partial<ConsentChange>): ConsentChange => ({
    id: 'c',
    relationshipId: 'r',
    professional: { id: 'p', name: 'Carol' },
    scope: null,
    action: 'invited',
    expiresAt: null,
    at: '2026-11-24T10:00:00.000Z',
    ...c,
  });
  it('says who, what changed and when', () => {
    expect(consentSentence(change({}))).toMatch(/^Carol: invitation sent, on /);
    expect(
      consentSentence(
        change({
          action: 'granted',
          scope: 'voice_note_transcripts',
          expiresAt: '2026-12-03T12:00:00.000Z',
          professional: { id: null, name: 'Carol' },
        }),
      ),
    ).toMatch(/^Carol \(account deleted\): Voice note transcripts shared until .+, on /);
    expect(consentSentence(change({ action: 'revoked', scope: 'mood_and_insights' }))).toMatch(
      /^Carol: Mood and insight summaries no longer shared, on /,
    );
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
