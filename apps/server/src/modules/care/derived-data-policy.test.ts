import { describe, expect, it } from 'vitest';
import type { Provenance, SourceRef } from '../content/provenance';
import { mayReceive, noGrant, receivable, type ReaderGrant } from './derived-data-policy';

/** The reader policy on its own (decision 039): who receives which derived artefact. */

const PERSON = 'person-1';
const PRO = 'pro-1';
const SHARED: SourceRef = 'journal:shared-entry';
const PRIVATE: SourceRef = 'journal:private-entry';
const NOTE: SourceRef = 'voice_note:note';
const CHAT: SourceRef = 'chat:message';

const grant = (over: Partial<ReaderGrant> = {}): ReaderGrant => ({
  ...noGrant(PRO, PERSON),
  ...over,
});
/** mood_and_insights + shared entries: figures of everything, the shared entry as text. */
const full = grant({
  figuresOfAll: true,
  figures: new Set([SHARED, PRIVATE, NOTE, CHAT]),
  text: new Map([[SHARED, 'Shared title']]),
});
const of = (
  carries: Provenance['carries'],
  sources: Provenance['sources'],
  owner = PERSON,
): Provenance => ({ owner, carries, sources });

describe('the reader policy on derived data', () => {
  it('gives the person everything derived from their own items', () => {
    const own = { ...noGrant(PERSON, PERSON) };
    expect(mayReceive(own, of('words', 'all'))).toBe(true);
    expect(mayReceive(own, of('words', [PRIVATE, CHAT]))).toBe(true);
  });

  it('never gives one person’s artefact under a grant for another', () => {
    expect(mayReceive(full, of('figures', 'all', 'someone-else'))).toBe(false);
    expect(mayReceive(grant({ readerId: 'someone-else' }), of('words', [], 'someone-else'))).toBe(
      false,
    );
  });

  it('gives figures of every item only with the figures of every item (mood and insights)', () => {
    expect(mayReceive(full, of('figures', 'all'))).toBe(true);
    expect(
      mayReceive(grant({ text: full.text, figures: full.figures }), of('figures', 'all')),
    ).toBe(false);
    expect(mayReceive(noGrant(PRO, PERSON), of('figures', 'all'))).toBe(false);
  });

  it('never gives words computed from every item to anyone but the person', () => {
    expect(mayReceive(full, of('words', 'all'))).toBe(false);
  });

  it('gives words only when every source is readable as text now', () => {
    expect(mayReceive(full, of('words', [SHARED]))).toBe(true);
    expect(mayReceive(full, of('words', [SHARED, PRIVATE]))).toBe(false);
    expect(mayReceive(full, of('words', [CHAT]))).toBe(false);
    // The entry made private again, or its scope revoked: gone from the grant, so refused.
    expect(mayReceive(grant({ figuresOfAll: true }), of('words', [SHARED]))).toBe(false);
  });

  it('gives figures of listed items when each is readable as figures or as text', () => {
    expect(mayReceive(full, of('figures', [SHARED, PRIVATE, NOTE]))).toBe(true);
    const entriesOnly = grant({ text: new Map([[SHARED, 't']]), figures: new Set([SHARED]) });
    expect(mayReceive(entriesOnly, of('figures', [SHARED]))).toBe(true);
    expect(mayReceive(entriesOnly, of('figures', [SHARED, PRIVATE]))).toBe(false);
    // An item deleted since (no longer among the figures readable): refused.
    const deleted = grant({ figuresOfAll: true, figures: new Set([SHARED]) });
    expect(mayReceive(deleted, of('figures', [SHARED, PRIVATE]))).toBe(false);
  });

  it('gives what is computed from nothing of the person (fixed figures)', () => {
    expect(mayReceive(grant(), of('figures', []))).toBe(true);
  });

  it('filters and unwraps a list', () => {
    const artefacts = [
      { value: 'trend', provenance: of('figures', 'all') },
      { value: 'themes of everything', provenance: of('words', 'all') },
      { value: 'themes of the shared entry', provenance: of('words', [SHARED]) },
      { value: 'themes with a private entry', provenance: of('words', [SHARED, PRIVATE]) },
    ];
    expect(receivable(full, artefacts)).toEqual(['trend', 'themes of the shared entry']);
    expect(receivable(noGrant(PRO, PERSON), artefacts)).toEqual([]);
  });
});
