import type { JournalPrompts } from '@kaleido/shared/journal/journal.schemas';
import { promptOfTheDay, promptsFor } from '@kaleido/shared/journal/journal-prompts';
import type { JournalEntryKit } from './journal-entry-kit';

export type JournalPromptsService = ReturnType<typeof createJournalPrompts>;

/** What to write about: the prompt of the person's local day, and the prompts their goals choose. */
export function createJournalPrompts(deps: {
  kit: Pick<JournalEntryKit, 'timezoneOf'>;
  /** The profile's reflection goals (SPEC §3), which choose the prompts that come first. */
  goalsOf: (userId: string) => Promise<string[]>;
  now: () => Date;
}) {
  return {
    async prompts(userId: string): Promise<JournalPrompts> {
      const [timezone, goals] = await Promise.all([
        deps.kit.timezoneOf(userId),
        deps.goalsOf(userId),
      ]);
      const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(deps.now());
      return { today: promptOfTheDay(goals, localDate), prompts: promptsFor(goals) };
    },
  };
}
