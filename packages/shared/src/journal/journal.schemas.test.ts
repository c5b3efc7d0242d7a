import { describe, expect, it } from 'vitest';
import { JOURNAL_PROMPTS, promptOfTheDay, promptsFor } from './journal-prompts';
import {
  CreateJournalEntryBodySchema,
  CreateVoiceJournalEntryFieldsSchema,
  UpdateJournalEntryBodySchema,
} from './journal.schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('journal schemas', () => {
  it('fills the spec defaults: text, neutral, private, no tags', () => {
    expect(CreateJournalEntryBodySchema.parse({ content: ' Hello ' })).toEqual({
      content: 'Hello',
      inputType: 'text',
      mood: 'neutral',
      privacyLevel: 'private',
      tags: [],
      emotionalState: {},
    });
  });

  it('enforces the content rules with the spec messages', () => {
    const refusal = (content: unknown) =>
      firstMessage(CreateJournalEntryBodySchema.safeParse({ content }));
    expect(refusal('   ')).toBe('Content cannot be empty');
    expect(refusal(undefined)).toBe('Content cannot be empty');
    expect(refusal('x'.repeat(10_001))).toBe('Content is too long (maximum 10,000 characters)');
    expect(refusal('x'.repeat(10_000))).toBeUndefined();
    expect(refusal('<script>alert(1)</script>')).toBe('Content contains potentially harmful code');
    expect(refusal('see javascript:alert(1)')).toBe('Content contains potentially harmful code');
    expect(refusal('<img onerror=x>')).toBe('Content contains potentially harmful code');
  });

  it('names the allowed moods and privacy levels when refusing others', () => {
    expect(
      firstMessage(CreateJournalEntryBodySchema.safeParse({ content: 'x', mood: 'bored' })),
    ).toBe('Mood must be one of happy, excited, neutral, sad, angry');
    expect(
      firstMessage(CreateJournalEntryBodySchema.safeParse({ content: 'x', privacyLevel: 'all' })),
    ).toBe('Privacy must be one of private, shared_with_clients, public');
  });

  it('normalises tags and refuses an empty edit', () => {
    expect(
      CreateJournalEntryBodySchema.parse({ content: 'x', tags: ['  work   life '] }).tags,
    ).toEqual(['work life']);
    expect(firstMessage(UpdateJournalEntryBodySchema.safeParse({}))).toBe('Nothing to change');
    expect(CreateVoiceJournalEntryFieldsSchema.parse({ tags: 'a, b,,' }).tags).toEqual(['a', 'b']);
  });
});

describe('journal prompts', () => {
  it('orders by goals, keeps one prompt a day and moves on the next day', () => {
    expect(promptsFor(['relationships', 'career'])[0]?.category).toBe('relationships');
    expect(promptsFor(['relationships', 'career'])[6]?.category).toBe('work');
    expect(promptsFor([])).toHaveLength(JOURNAL_PROMPTS.length);
    const monday = promptOfTheDay(['stress management'], '2026-05-04');
    expect(monday.category).toBe('stress');
    expect(promptOfTheDay(['stress management'], '2026-05-04')).toEqual(monday);
    expect(promptOfTheDay(['stress management'], '2026-05-05')).not.toEqual(monday);
    expect(new Set(JOURNAL_PROMPTS.map((p) => p.id)).size).toBe(JOURNAL_PROMPTS.length);
    expect(promptOfTheDay(['unknown goal'], '2026-05-04')).toBeDefined();
  });
});
