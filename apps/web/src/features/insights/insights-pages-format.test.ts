import { describe, expect, it } from 'vitest';
import type { PersonalModel } from '@kaleido/shared/insights/personal-model.schemas';
import { PERSONALITY_ITEMS, scorePersonality } from '@kaleido/shared/insights/personality';
import {
  domainHistory,
  formatChange,
  incompleteMessage,
  modelSummary,
  moodRows,
  progressLabel,
  scoreRows,
  unansweredItems,
} from './insights-pages-format';

const model = (over: Partial<PersonalModel> = {}): PersonalModel => ({
  status: 'ok',
  entriesLearnedFrom: 8,
  vocabularySize: 120,
  minimumEntries: 5,
  perMood: { happy: 5, excited: 0, neutral: 0, sad: 3, angry: 0 },
  topWords: [
    {
      mood: 'happy',
      words: [
        { word: 'sun', weight: 1.2 },
        { word: 'walk', weight: 0.8 },
      ],
    },
    { mood: 'sad', words: [{ word: 'call', weight: 0.9 }] },
    { mood: 'angry', words: [] },
  ],
  itemsEstimated: 4,
  disputes: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('personal model summary', () => {
  it('says how much it learned from when it has enough', () => {
    expect(modelSummary(model())).toBe(
      'Learned from 8 journal entries with a mood you recorded (120 distinct words); it has estimated the mood of 4 items without one.',
    );
  });

  it('says honestly that it does not know yet, and how many entries are missing', () => {
    expect(modelSummary(model({ status: 'not_enough_data', entriesLearnedFrom: 1 }))).toBe(
      'Not enough data yet: it has learned from 1 journal entry with a mood, and needs at least 5 before it estimates anything. Record a mood on 4 more entries and it will start.',
    );
    expect(modelSummary(model({ status: 'not_enough_data', entriesLearnedFrom: 4 }))).toMatch(
      /on 1 more entry and/,
    );
  });

  it('lists the moods it has seen, with their top words in order', () => {
    expect(moodRows(model())).toEqual([
      { mood: 'happy', label: 'Happy', entries: 5, words: ['sun', 'walk'] },
      { mood: 'sad', label: 'Sad', entries: 3, words: ['call'] },
    ]);
  });
});

describe('the questionnaire', () => {
  it('finds the unanswered statements, 1-based', () => {
    expect(unansweredItems([1, null, 3, undefined as unknown as null], 5)).toEqual([2, 4, 5]);
    expect(unansweredItems([1, 2, 3], 3)).toEqual([]);
  });

  it('refuses an incomplete submission with a clear message naming what is left', () => {
    expect(incompleteMessage([])).toBeNull();
    expect(incompleteMessage([7])).toBe(
      'Answer every statement before you see your scores: 1 statement left (number 7).',
    );
    expect(incompleteMessage([1, 2, 3, 4, 5, 6, 7])).toBe(
      'Answer every statement before you see your scores: 7 statements left (number 1, 2, 3, 4, 5 and 2 more).',
    );
  });

  it('shows progress', () => {
    expect(progressLabel(12, 50)).toBe('12 of 50 answered');
  });
});

describe('scores and history', () => {
  const all = (n: number) => PERSONALITY_ITEMS.map(() => n);
  const result = (id: string, takenAt: string, answers: number[]) => ({
    id,
    takenAt,
    scores: scorePersonality(answers),
  });

  it('lists the five domains in order with mean and share of the range', () => {
    const rows = scoreRows(result('a', '2026-11-01T00:00:00.000Z', all(3)));
    expect(rows.map((r) => r.label)).toEqual([
      'Extraversion',
      'Agreeableness',
      'Conscientiousness',
      'Emotional Stability',
      'Intellect/Imagination',
    ]);
    expect(rows.every((r) => r.mean === 3 && r.percent === 50)).toBe(true);
  });

  it('orders retakes oldest first with the change since the previous time', () => {
    // 5 on every '+' statement and 1 on every '−' one is the top of each domain: mean 5.
    const keyedHigh = PERSONALITY_ITEMS.map((item) => (item.keyed === '+' ? 5 : 1));
    const newestFirst = [
      result('b', '2026-11-20T00:00:00.000Z', keyedHigh),
      result('a', '2026-11-01T00:00:00.000Z', all(3)),
    ];
    expect(domainHistory(newestFirst, 'extraversion')).toEqual([
      { id: 'a', takenAt: '2026-11-01T00:00:00.000Z', mean: 3, change: null },
      { id: 'b', takenAt: '2026-11-20T00:00:00.000Z', mean: 5, change: 2 },
    ]);
    expect(formatChange(null)).toBe('first time');
    expect(formatChange(0)).toBe('no change');
    expect(formatChange(2)).toBe('+2.00');
    expect(formatChange(-0.4)).toBe('−0.40');
  });
});
