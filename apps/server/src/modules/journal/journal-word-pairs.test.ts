import { describe, expect, it } from 'vitest';
import { requiredWordPairs } from './journal-search.repository';

describe('the word pairs a parsed query requires', () => {
  it('are the adjacent words of each phrase', () => {
    expect(requiredWordPairs(`'walk' <-> 'river'`)).toEqual(['walk_river']);
    expect(requiredWordPairs(`'walk' <-> 'river' <-> 'today' & 'garden'`)).toEqual([
      'walk_river',
      'river_today',
    ]);
  });

  it('are none where words are apart, alternatives or exclusions may make a pair optional', () => {
    expect(requiredWordPairs(`'walk' <3> 'river'`)).toEqual([]);
    expect(requiredWordPairs(`'walk' <-> 'river' | 'sea'`)).toEqual([]);
    expect(requiredWordPairs(`'walk' <-> 'river' & !'rain'`)).toEqual([]);
    expect(requiredWordPairs(`'calm'`)).toEqual([]);
  });
});
