import { describe, expect, it } from 'vitest';
import { EMOTIONS, toneOf } from './insights.constants';
import { ItemAnalysisSchema } from './item-analysis.schemas';
import { InsightCardSchema } from './insight-cards.schemas';
import { DisputeBodySchema } from './personal-model.schemas';

const emptyScore = { score: 0, count: 0, words: [] };

describe('insights schemas', () => {
  it('accepts an item analysis with every emotion and marker', () => {
    const analysis = {
      valence: 0.5,
      valenceWords: [{ word: 'happy', weight: 2.7 }],
      emotions: Object.fromEntries(EMOTIONS.map((e) => [e, emptyScore])),
      dominantEmotion: null,
      themes: [{ text: 'work', kind: 'lemma', count: 2 }],
      markers: {
        first_person_singular: { rate: 10, count: 1, words: ['i'] },
        absolutist: { rate: 0, count: 0, words: [] },
        negation: { rate: 0, count: 0, words: [] },
      },
      wordCount: 10,
      version: 'lexicon-1',
    };
    expect(ItemAnalysisSchema.parse(analysis).valence).toBe(0.5);
    expect(ItemAnalysisSchema.safeParse({ ...analysis, valence: 2 }).success).toBe(false);
  });

  it('a not-enough-data card has no interval and says so', () => {
    const card = InsightCardSchema.parse({
      id: 'valence_trend:week',
      kind: 'valence_trend',
      title: 'How your words feel',
      claim: 'Not enough data yet: this needs 5 items, and you have 1 so far.',
      status: 'not_enough_data',
      tone: 'neutral',
      n: 1,
      nUnit: 'items',
      minimum: 5,
      interval: null,
      evidence: { items: [], words: [] },
      chart: null,
      period: 'week',
      generatedAt: new Date().toISOString(),
    });
    expect(card.status).toBe('not_enough_data');
  });

  it('dispute reasons are optional and bounded', () => {
    expect(DisputeBodySchema.parse({ insightId: 'themes' }).reason).toBe('');
    expect(DisputeBodySchema.safeParse({ insightId: 'x', reason: 'a'.repeat(501) }).success).toBe(
      false,
    );
  });

  it('maps the profile tones onto three phrasings', () => {
    expect(toneOf('compassionate')).toBe('gentle');
    expect(toneOf('analytical')).toBe('direct');
    expect(toneOf('')).toBe('neutral');
    expect(toneOf(undefined)).toBe('neutral');
  });
});
