/**
 * Reflection prompts (issue 10): written here, grouped by what they help with. The profile's
 * reflection goals (SPEC §3 reflection_goal) choose which groups come first; the prompt of the
 * day is the same all day in the person's timezone and changes at their midnight. Zod-free:
 * the new-entry form shows the prompt before anything else loads.
 */

export const PROMPT_CATEGORIES = [
  'gratitude',
  'stress',
  'relationships',
  'growth',
  'work',
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

export interface JournalPrompt {
  id: string;
  category: PromptCategory;
  text: string;
}

const written: Record<PromptCategory, string[]> = {
  gratitude: [
    'What is one small thing that went well today?',
    'Who made your day a little easier recently, and how?',
    'What is something you have now that you once hoped for?',
    'Which moment today would you like to remember a year from now?',
    'What part of your daily routine are you quietly glad to have?',
    'What did your body let you do today that you can thank it for?',
  ],
  stress: [
    'What is weighing on you right now? Name it as plainly as you can.',
    'Which worries are in your control this week, and which are not?',
    'When did you feel most at ease today, and what was different then?',
    'What would you tell a friend who felt the way you feel now?',
    'What is one thing you could set down or postpone this week?',
    'How did you look after yourself today, even a little?',
  ],
  relationships: [
    'Which conversation stayed with you today, and why?',
    'Who would you like to spend more time with, and what stops you?',
    'When did you feel understood recently?',
    'Is there something you have not said to someone that you would like to?',
    'How did you show care to someone this week?',
    'What do you need from the people around you right now?',
  ],
  growth: [
    'What did you learn about yourself this week?',
    'What is something you handled better than you would have a year ago?',
    'Which habit would you like to build, and what is the smallest first step?',
    'What did you try recently that was new or uncomfortable?',
    'What would you like to be able to say about this month when it ends?',
    'Which value guided a choice you made today?',
  ],
  work: [
    'What did you accomplish today that you are proud of?',
    'What drained your energy at work, and what gave you energy?',
    'Which task are you avoiding, and what makes it hard to start?',
    'What would make tomorrow a good working day?',
    'Who at work would you like to thank or learn from?',
    'How well did your work match what matters to you this week?',
  ],
};

export const JOURNAL_PROMPTS: readonly JournalPrompt[] = PROMPT_CATEGORIES.flatMap((category) =>
  written[category].map((text, index) => ({ id: `${category}-${index + 1}`, category, text })),
);

/** Which prompt groups serve each reflection goal of the profile (SPEC §3). */
export const GOAL_CATEGORIES: Record<string, PromptCategory[]> = {
  'emotional awareness': ['gratitude', 'stress'],
  'stress management': ['stress'],
  'personal growth': ['growth'],
  relationships: ['relationships'],
  career: ['work'],
  health: ['stress', 'gratitude'],
  creativity: ['growth'],
};

export const findPrompt = (id: string) => JOURNAL_PROMPTS.find((p) => p.id === id);

/** Every prompt, those serving the person's goals first (in the order the goals were chosen). */
export function promptsFor(goals: readonly string[]): JournalPrompt[] {
  const preferred = [...new Set(goals.flatMap((goal) => GOAL_CATEGORIES[goal] ?? []))];
  const rank = (p: JournalPrompt) => {
    const at = preferred.indexOf(p.category);
    return at < 0 ? preferred.length : at;
  };
  return [...JOURNAL_PROMPTS].sort((a, b) => rank(a) - rank(b));
}

/**
 * Today's prompt for a local date (YYYY-MM-DD): drawn from the goals' groups when there are any,
 * from all prompts otherwise, stepping one prompt per day.
 */
export function promptOfTheDay(goals: readonly string[], localDate: string): JournalPrompt {
  const preferred = new Set(goals.flatMap((goal) => GOAL_CATEGORIES[goal] ?? []));
  const pool =
    preferred.size > 0
      ? promptsFor(goals).filter((p) => preferred.has(p.category))
      : [...JOURNAL_PROMPTS];
  const day = Math.floor(Date.parse(`${localDate}T00:00:00Z`) / 86_400_000);
  const prompt = pool[((day % pool.length) + pool.length) % pool.length];
  if (!prompt) throw new Error('the prompt library is empty');
  return prompt;
}
