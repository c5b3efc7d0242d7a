import { describe, expect, it } from 'vitest';
import { estimateMood, topWords, trainModel, type TrainingSample } from './personal-model';

const samples: TrainingSample[] = [
  { mood: 'happy', terms: { garden: 2, sunshine: 1, friend: 1 } },
  { mood: 'happy', terms: { garden: 1, friend: 2 } },
  { mood: 'happy', terms: { garden: 1, bake: 1 } },
  { mood: 'sad', terms: { office: 2, deadline: 1, tired: 1 } },
  { mood: 'sad', terms: { office: 1, commute: 2, tired: 1 } },
  { mood: 'sad', terms: { deadline: 1, office: 1 } },
];

describe('personal model', () => {
  it('learns which of a person’s words go with which mood', () => {
    const model = trainModel(samples);
    expect(model.entries).toBe(6);
    const top = topWords(model);
    expect(top.find((t) => t.mood === 'happy')?.words.map((w) => w.word)).toEqual(
      expect.arrayContaining(['garden', 'friend']),
    );
    expect(top.find((t) => t.mood === 'sad')?.words[0]?.word).toBe('office');
  });

  it('estimates the mood of an unlabelled text, with the words behind it', () => {
    const model = trainModel(samples);
    const estimate = estimateMood(model, { office: 1, deadline: 1 }, 5);
    expect(estimate?.mood).toBe('sad');
    expect(estimate?.confidence).toBeGreaterThan(0.8);
    expect(estimate?.words).toEqual(expect.arrayContaining(['office', 'deadline']));
  });

  it('says nothing below its minimum, or for words it never saw', () => {
    expect(estimateMood(trainModel(samples.slice(0, 3)), { garden: 1 }, 5)).toBeNull();
    expect(estimateMood(trainModel(samples), { volcano: 1 }, 5)).toBeNull();
  });

  it('leaves disputed words out', () => {
    const model = trainModel(samples, new Set(['office']));
    expect(
      topWords(model)
        .find((t) => t.mood === 'sad')
        ?.words.map((w) => w.word),
    ).not.toContain('office');
    expect(estimateMood(model, { office: 3 }, 5)).toBeNull();
  });
});
