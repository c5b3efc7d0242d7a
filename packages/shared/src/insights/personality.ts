import { z } from 'zod';

/**
 * The IPIP 50-item Big-Five Factor Markers (Goldberg 1992), public domain: International
 * Personality Item Pool (https://ipip.ori.org). Self-report, scored per domain; a person may
 * retake it over time. Not a diagnosis, and not compared with anyone else.
 */
export const PERSONALITY_DOMAINS = [
  'extraversion',
  'agreeableness',
  'conscientiousness',
  'emotional_stability',
  'intellect',
] as const;
export type PersonalityDomain = (typeof PERSONALITY_DOMAINS)[number];

export const PERSONALITY_DOMAIN_LABELS: Record<PersonalityDomain, string> = {
  extraversion: 'Extraversion',
  agreeableness: 'Agreeableness',
  conscientiousness: 'Conscientiousness',
  emotional_stability: 'Emotional Stability',
  intellect: 'Intellect/Imagination',
};

/** 1 Very inaccurate … 5 Very accurate, as IPIP administers it. */
export const PERSONALITY_SCALE = [
  'Very Inaccurate',
  'Moderately Inaccurate',
  'Neither Accurate Nor Inaccurate',
  'Moderately Accurate',
  'Very Accurate',
] as const;

export const PERSONALITY_INSTRUCTIONS =
  'Describe yourself as you generally are now, not as you wish to be in the future, as you honestly see yourself compared with other people you know of the same sex and roughly your age.';

export const PERSONALITY_ATTRIBUTION =
  'Items from the International Personality Item Pool (IPIP), 50-item Big-Five Factor Markers (Goldberg, 1992), in the public domain: ipip.ori.org.';

export const PERSONALITY_CAVEATS = [
  'This is how you describe yourself today; answers change with mood and over time.',
  'Scores are shown on the scale itself, not against other people: Kaleido has no norms for you.',
  'It describes tendencies, never a diagnosis or a judgement.',
];

type Keyed = [text: string, domain: PersonalityDomain, plus: boolean];
const E = 'extraversion';
const A = 'agreeableness';
const C = 'conscientiousness';
const S = 'emotional_stability';
const I = 'intellect';
const ITEMS: Keyed[] = [
  ['Am the life of the party.', E, true],
  ['Feel little concern for others.', A, false],
  ['Am always prepared.', C, true],
  ['Get stressed out easily.', S, false],
  ['Have a rich vocabulary.', I, true],
  ["Don't talk a lot.", E, false],
  ['Am interested in people.', A, true],
  ['Leave my belongings around.', C, false],
  ['Am relaxed most of the time.', S, true],
  ['Have difficulty understanding abstract ideas.', I, false],
  ['Feel comfortable around people.', E, true],
  ['Insult people.', A, false],
  ['Pay attention to details.', C, true],
  ['Worry about things.', S, false],
  ['Have a vivid imagination.', I, true],
  ['Keep in the background.', E, false],
  ["Sympathize with others' feelings.", A, true],
  ['Make a mess of things.', C, false],
  ['Seldom feel blue.', S, true],
  ['Am not interested in abstract ideas.', I, false],
  ['Start conversations.', E, true],
  ["Am not interested in other people's problems.", A, false],
  ['Get chores done right away.', C, true],
  ['Am easily disturbed.', S, false],
  ['Have excellent ideas.', I, true],
  ['Have little to say.', E, false],
  ['Have a soft heart.', A, true],
  ['Often forget to put things back in their proper place.', C, false],
  ['Get upset easily.', S, false],
  ['Do not have a good imagination.', I, false],
  ['Talk to a lot of different people at parties.', E, true],
  ['Am not really interested in others.', A, false],
  ['Like order.', C, true],
  ['Change my mood a lot.', S, false],
  ['Am quick to understand things.', I, true],
  ["Don't like to draw attention to myself.", E, false],
  ['Take time out for others.', A, true],
  ['Shirk my duties.', C, false],
  ['Have frequent mood swings.', S, false],
  ['Use difficult words.', I, true],
  ["Don't mind being the center of attention.", E, true],
  ["Feel others' emotions.", A, true],
  ['Follow a schedule.', C, true],
  ['Get irritated easily.', S, false],
  ['Spend time reflecting on things.', I, true],
  ['Am quiet around strangers.', E, false],
  ['Make people feel at ease.', A, true],
  ['Am exacting in my work.', C, true],
  ['Often feel blue.', S, false],
  ['Am full of ideas.', I, true],
];

export interface PersonalityItem {
  /** 1..50, the questionnaire's order. */
  number: number;
  text: string;
  domain: PersonalityDomain;
  /** '+': agreeing raises the domain's score; '−' items are reversed (6 − answer). */
  keyed: '+' | '-';
}

export const PERSONALITY_ITEMS: readonly PersonalityItem[] = ITEMS.map(
  ([text, domain, plus], index) => ({
    number: index + 1,
    text: `I ${text.charAt(0).toLowerCase()}${text.slice(1)}`,
    domain,
    keyed: plus ? '+' : '-',
  }),
);

export const PersonalityAnswersBodySchema = z.strictObject({
  answers: z
    .array(z.number().int().min(1).max(5), { error: 'Answer every statement from 1 to 5' })
    .length(PERSONALITY_ITEMS.length, `Answer all ${PERSONALITY_ITEMS.length} statements`),
});
export type PersonalityAnswersBody = z.infer<typeof PersonalityAnswersBodySchema>;

export const DomainScoreSchema = z.object({
  /** Sum of the domain's 10 keyed answers, 10..50. */
  raw: z.number().int().min(10).max(50),
  /** Mean keyed answer, 1..5. */
  mean: z.number().min(1).max(5),
  /** Where raw falls between 10 and 50, 0..100 (not a percentile). */
  percentOfRange: z.number().min(0).max(100),
});

export const PersonalityResultSchema = z.object({
  id: z.string(),
  takenAt: z.string(),
  scores: z.record(z.enum(PERSONALITY_DOMAINS), DomainScoreSchema),
});
export type PersonalityResult = z.infer<typeof PersonalityResultSchema>;

/**
 * Language style from what the person wrote (all channels), beside the self-report: rates of
 * the three markers per 100 words with a 95% interval. Always tentative: style, not personality.
 */
export const StyleIndicatorSchema = z.object({
  marker: z.enum(['first_person_singular', 'absolutist', 'negation']),
  label: z.string(),
  /** Mean rate per 100 words over the person's items, with its 95% interval. */
  estimate: z.number(),
  low: z.number(),
  high: z.number(),
  /** The words that occurred most. */
  words: z.array(z.string()),
  /** What research links it with, phrased as a tentative tendency. */
  note: z.string(),
});
export const StyleIndicatorsSchema = z.object({
  tentative: z.literal(true),
  status: z.enum(['ok', 'not_enough_data']),
  /** Items (with at least one word) they rest on. */
  n: z.number().int().min(0),
  minimum: z.number().int().min(0),
  indicators: z.array(StyleIndicatorSchema),
  caveat: z.string(),
});
export type StyleIndicators = z.infer<typeof StyleIndicatorsSchema>;

/** GET /api/insights/personality: the questionnaire and the person's past results. */
export const PersonalityOverviewSchema = z.object({
  instructions: z.string(),
  scale: z.array(z.string()),
  items: z.array(
    z.object({
      number: z.number(),
      text: z.string(),
      domain: z.enum(PERSONALITY_DOMAINS),
      keyed: z.enum(['+', '-']),
    }),
  ),
  attribution: z.string(),
  caveats: z.array(z.string()),
  /** Newest first. */
  results: z.array(PersonalityResultSchema),
  styleIndicators: StyleIndicatorsSchema,
});
export type PersonalityOverview = z.infer<typeof PersonalityOverviewSchema>;

/** Scores the 50 answers (1..5 each, in the questionnaire's order). */
export function scorePersonality(answers: readonly number[]): PersonalityResult['scores'] {
  const scores = {} as PersonalityResult['scores'];
  for (const domain of PERSONALITY_DOMAINS) {
    const raw = PERSONALITY_ITEMS.filter((item) => item.domain === domain).reduce((sum, item) => {
      const answer = answers[item.number - 1] ?? 3;
      return sum + (item.keyed === '+' ? answer : 6 - answer);
    }, 0);
    scores[domain] = {
      raw,
      mean: Math.round((raw / 10) * 100) / 100,
      percentOfRange: Math.round(((raw - 10) / 40) * 100),
    };
  }
  return scores;
}
