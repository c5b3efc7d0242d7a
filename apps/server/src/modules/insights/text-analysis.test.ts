import { describe, expect, it } from 'vitest';
import { EMOTIONS } from '@kaleido/shared/insights/insights.constants';
import { ItemAnalysisSchema } from '@kaleido/shared/insights/item-analysis.schemas';
import { EMOTION_LEXICON, emotionsOf } from './emotion-lexicon';
import { markersOf } from './markers';
import { themesOf } from './rules/days';
import type { InsightItem } from './rules/shared';
import { analyse, analyseText } from './text-analysis';

describe('emotion lexicon', () => {
  it('has several hundred words over all eight emotions', () => {
    expect(EMOTION_LEXICON.size).toBeGreaterThan(500);
    for (const emotion of EMOTIONS)
      expect(
        [...EMOTION_LEXICON.values()].filter((e) => e.includes(emotion)).length,
      ).toBeGreaterThan(40);
  });

  it('gives a word every emotion it carries, and two-word entries', () => {
    expect(emotionsOf('nervous')).toEqual(expect.arrayContaining(['fear', 'anticipation']));
    expect(emotionsOf('looking forward')).toEqual(['anticipation']);
    expect(emotionsOf('table')).toEqual([]);
  });
});

describe('markers', () => {
  it('counts first-person singular, absolutist words and negations per 100 words', () => {
    const words = 'i always fail and nothing is ever not my fault'.split(' ');
    const markers = markersOf(words);
    expect(markers.first_person_singular).toEqual({ rate: 20, count: 2, words: ['i', 'my'] });
    expect(markers.absolutist.words).toEqual(['always', 'nothing', 'ever']);
    expect(markers.absolutist.count).toBe(3);
    expect(markers.negation.words).toEqual(['nothing', 'not']);
  });

  it('is zero on no words', () => {
    expect(markersOf([]).absolutist).toEqual({ rate: 0, count: 0, words: [] });
  });
});

describe('analyseText', () => {
  it('finds a positive text positive, with the words that made it so', () => {
    const result = analyseText(
      'Had a lovely long walk with Sarah in Central Park. Feeling calm and grateful!',
    );
    expect(ItemAnalysisSchema.parse(result)).toEqual(result);
    expect(result.valence).toBeGreaterThan(0.5);
    expect(result.valenceWords.map((w) => w.word)).toEqual(
      expect.arrayContaining(['lovely', 'grateful']),
    );
    expect(result.emotions.joy.words).toEqual(expect.arrayContaining(['lovely', 'grateful']));
    expect(result.emotions.calm.words).toContain('calm');
    expect(result.themes.map((t) => t.text)).toEqual(
      expect.arrayContaining(['Central Park', 'Sarah', 'long walk', 'walk']),
    );
  });

  it('finds a negative text negative and counts its markers', () => {
    const result = analyseText(
      'Everything is always terrible. I feel so lonely and nothing helps.',
    );
    expect(result.valence).toBeLessThan(-0.3);
    expect(result.dominantEmotion).toBe('sadness');
    expect(result.emotions.sadness.words).toEqual(expect.arrayContaining(['terrible', 'lonely']));
    expect(result.markers.absolutist.words).toEqual(
      expect.arrayContaining(['everything', 'always', 'nothing']),
    );
    expect(result.markers.first_person_singular.count).toBe(1);
    expect(result.wordCount).toBe(11);
  });

  it('a negated emotion word is no emotion, and flips its valence', () => {
    const result = analyseText('I am not happy.');
    expect(result.emotions.joy.count).toBe(0);
    expect(result.valence).toBeLessThan(0);
    expect(result.valenceWords.find((w) => w.word === 'happy')?.weight).toBeLessThan(0);
    expect(result.markers.negation.count).toBe(1);
  });

  it('adds journal words VADER does not know (overthinking) to the valence', () => {
    const result = analyseText("I'm overthinking again.");
    expect(result.valence).toBeLessThan(0);
    expect(result.emotions.fear.words).toEqual(['overthinking']);
  });

  it('scores the emotions as shares that sum to one', () => {
    const result = analyseText('So happy and excited, but a little nervous about tomorrow.');
    const total = EMOTIONS.reduce((sum, e) => sum + result.emotions[e].score, 0);
    expect(total).toBeCloseTo(1, 2);
    expect(result.emotions.anticipation.words).toEqual(
      expect.arrayContaining(['excited', 'nervous', 'tomorrow']),
    );
  });

  it('answers zeros for an empty or wordless text', () => {
    for (const text of ['', '   ', '...!']) {
      const result = analyseText(text);
      expect(result.valence).toBe(0);
      expect(result.dominantEmotion).toBeNull();
      expect(result.wordCount).toBe(0);
    }
  });

  it('keeps hashtags and dates as entities', () => {
    const themes = analyseText('Back at work on Monday #deadline').themes;
    expect(themes).toEqual(
      expect.arrayContaining([
        { text: '#deadline', kind: 'entity', entityType: 'HASHTAG', count: 1 },
        { text: 'Monday', kind: 'entity', entityType: 'DATE', count: 1 },
      ]),
    );
  });

  it("keeps people's names and filler words out of theme words and the personal model's words", () => {
    const text =
      'Actually talked to Carl about work today. Carl actually helped with the deadline at work.';
    const { result, terms } = analyse(text);
    const item = { result, tags: [] } as unknown as InsightItem;
    const themes = [...themesOf(item)];
    expect(themes).toEqual(expect.arrayContaining(['work', 'deadline']));
    expect(themes).not.toContain('carl');
    expect(themes).not.toContain('actually');
    expect(Object.keys(terms)).toEqual(expect.arrayContaining(['work', 'deadline']));
    for (const filler of ['carl', 'actually', 'today']) expect(terms).not.toHaveProperty(filler);
  });
});
