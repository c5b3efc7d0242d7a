import { describe, expect, it } from 'vitest';
import {
  PROFILE_FIELDS,
  PROFILE_FIELD_IDS,
  TIMEZONE_CHOICES,
  profileField,
  type ProfileFieldId,
} from './profile-fields';
import { defaultProfileValues, profileValueSchema } from './profile.schemas';

function problem(field: ProfileFieldId, value: unknown): string | null {
  const result = profileValueSchema(field).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

describe('profile field definitions (SPEC §3)', () => {
  it('has every field of the three categories, once, with the definition keys', () => {
    expect(PROFILE_FIELD_IDS).toEqual([
      'display_name',
      'pronouns',
      'timezone',
      'language_pref',
      'emo_tone_preference',
      'reflection_goal',
      'personal_statement',
      'journal_frequency',
      'avatar_url',
      'pro_title',
      'role_type',
      'organization',
      'credential',
      'focus_areas',
      'languages_spoken',
      'availability_hours',
      'ethical_statement',
      'admin_role_type',
      'jurisdiction',
      'research_consent',
      'dataset_tag',
      'admin_notes',
    ]);
    for (const field of PROFILE_FIELDS) {
      for (const key of [
        'field_id',
        'label',
        'type',
        'category',
        'default_value',
        'visibility_default',
        'required',
        'validation',
        'placeholder',
        'description',
      ])
        expect(field, field.field_id).toHaveProperty(key);
    }
  });

  it('keeps the spec defaults, requirements and types', () => {
    expect(profileField('timezone')).toMatchObject({ required: true, default_value: 'UTC' });
    expect(profileField('display_name').required).toBe(true);
    expect(profileField('journal_frequency').default_value).toBe('weekly');
    expect(profileField('avatar_url')).toMatchObject({
      type: 'file',
      visibility_default: 'public_clients',
    });
    expect(profileField('availability_hours').type).toBe('schedule');
    expect(profileField('research_consent').type).toBe('toggle');
    const timezone = profileField('timezone');
    expect('options' in timezone && timezone.options).toEqual(TIMEZONE_CHOICES);
    expect(defaultProfileValues('Ada Lovelace')).toMatchObject({
      display_name: 'Ada Lovelace',
      timezone: 'UTC',
      journal_frequency: 'weekly',
      reflection_goal: [],
      research_consent: false,
      availability_hours: null,
    });
  });

  it('offers the field list in the form and accepts both lists where the spec gives two', () => {
    const tone = profileField('emo_tone_preference');
    const frequency = profileField('journal_frequency');
    if (tone.type !== 'select' || frequency.type !== 'select') throw new Error('selects');
    expect(tone.options).toEqual([
      'gentle',
      'direct',
      'encouraging',
      'analytical',
      'compassionate',
    ]);
    expect(tone.accepted).toContain('neutral');
    expect(frequency.options).toEqual(['daily', 'weekly', 'monthly', 'never']);
    expect(frequency.accepted).toContain('as-needed');
    expect(problem('emo_tone_preference', 'neutral')).toBeNull();
    expect(problem('journal_frequency', 'as-needed')).toBeNull();
    expect(problem('journal_frequency', 'never')).toBeNull();
    expect(problem('journal_frequency', 'hourly')).toMatch(/^Choose one of/);
  });
});

describe('profile limits (SPEC §5)', () => {
  const textLimits: [ProfileFieldId, number, string][] = [
    ['display_name', 100, 'Display Name'],
    ['personal_statement', 1000, 'Personal Statement'],
    ['pro_title', 100, 'Professional Title'],
    ['organization', 200, 'Organization'],
    ['ethical_statement', 2000, 'Ethical Statement'],
    ['dataset_tag', 50, 'Dataset Tag'],
    ['admin_notes', 5000, 'Admin Notes'],
  ];
  it.each(textLimits)('%s takes %i characters and no more', (field, max, label) => {
    expect(problem(field, 'a'.repeat(max))).toBeNull();
    expect(problem(field, 'a'.repeat(max + 1))).toBe(`${label} must be at most ${max} characters`);
  });

  it('requires display_name and timezone with the spec message', () => {
    expect(problem('display_name', '')).toBe('This field is required');
    expect(problem('display_name', '   ')).toBe('This field is required');
    expect(problem('timezone', '')).toBe('This field is required');
  });

  it('limits credential to 500 and to uppercase letters, digits and hyphens', () => {
    expect(problem('credential', 'PSY-123')).toBeNull();
    expect(problem('credential', '')).toBeNull();
    expect(problem('credential', 'psy-123')).toBe('Invalid format');
    expect(problem('credential', 'PSY 123')).toBe('Invalid format');
    expect(problem('credential', 'A'.repeat(500))).toBeNull();
    expect(problem('credential', 'A'.repeat(501))).toBe(
      'Credential must be at most 500 characters',
    );
  });

  it('takes timezones of letters, underscores and slashes only', () => {
    for (const zone of TIMEZONE_CHOICES) expect(problem('timezone', zone)).toBeNull();
    expect(problem('timezone', 'America/Argentina/Buenos_Aires')).toBeNull();
    expect(problem('timezone', 'UTC+1')).toBe(
      'Timezone may contain only letters, underscores and slashes',
    );
  });

  it('takes avatar URLs up to 500 characters, or empty', () => {
    expect(problem('avatar_url', '')).toBeNull();
    expect(problem('avatar_url', 'https://example.com/me.png')).toBeNull();
    expect(problem('avatar_url', `https://example.com/${'a'.repeat(480)}`)).toBeNull();
    expect(problem('avatar_url', `https://example.com/${'a'.repeat(481)}`)).toBe(
      'Avatar must be at most 500 characters',
    );
    expect(problem('avatar_url', 'not a url')).toBe('Please enter a valid URL');
    expect(problem('avatar_url', 'javascript:alert(1)')).toBe('Please enter a valid URL');
  });

  it('limits list sizes and item lengths', () => {
    expect(problem('reflection_goal', ['career', 'health'])).toBeNull();
    expect(problem('reflection_goal', ['x'.repeat(101)])).toBe(
      'Each of Reflection Goals must be at most 100 characters',
    );
    const many = Array.from({ length: 11 }, () => 'career');
    expect(problem('reflection_goal', many)).toBe('Choose at most 10 Reflection Goals');
    expect(problem('languages_spoken', ['Klingon'])).toBe('Unknown Languages Spoken: Klingon');
  });

  it('takes a JSON object or nothing as the schedule', () => {
    expect(problem('availability_hours', { monday: ['09:00-17:00'] })).toBeNull();
    expect(problem('availability_hours', null)).toBeNull();
    expect(problem('availability_hours', '{"monday":1}')).toBe(
      'Availability must be a JSON object',
    );
  });
});
