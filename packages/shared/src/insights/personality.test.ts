import { describe, expect, it } from 'vitest';
import {
  PERSONALITY_DOMAINS,
  PERSONALITY_ITEMS,
  PersonalityAnswersBodySchema,
  scorePersonality,
} from './personality';

describe('IPIP-50', () => {
  it('has 10 items per domain, the domains cycling in the published order', () => {
    expect(PERSONALITY_ITEMS).toHaveLength(50);
    for (const domain of PERSONALITY_DOMAINS)
      expect(PERSONALITY_ITEMS.filter((i) => i.domain === domain)).toHaveLength(10);
    expect(PERSONALITY_ITEMS.slice(0, 5).map((i) => i.domain)).toEqual([...PERSONALITY_DOMAINS]);
    expect(PERSONALITY_ITEMS[0]).toMatchObject({ text: 'I am the life of the party.', keyed: '+' });
    expect(PERSONALITY_ITEMS[3]).toMatchObject({ domain: 'emotional_stability', keyed: '-' });
  });

  it('scores neutral answers in the middle and reverses minus-keyed items', () => {
    const middle = scorePersonality(Array(50).fill(3) as number[]);
    for (const domain of PERSONALITY_DOMAINS)
      expect(middle[domain]).toEqual({ raw: 30, mean: 3, percentOfRange: 50 });
    // Agreeing with everything: plus items give 5, minus items give 1.
    const agree = scorePersonality(Array(50).fill(5) as number[]);
    expect(agree.extraversion.raw).toBe(5 * 5 + 5 * 1);
    expect(agree.emotional_stability.raw).toBe(2 * 5 + 8 * 1);
  });

  it('wants all 50 answers from 1 to 5', () => {
    expect(PersonalityAnswersBodySchema.safeParse({ answers: [3, 3] }).success).toBe(false);
    expect(
      PersonalityAnswersBodySchema.safeParse({ answers: Array(50).fill(6) as number[] }).success,
    ).toBe(false);
    expect(
      PersonalityAnswersBodySchema.safeParse({ answers: Array(50).fill(1) as number[] }).success,
    ).toBe(true);
  });
});
