import { select, multi, type TextField } from './profile-field-types';

/** Timezone choices the form offers (SPEC §5); any name of letters, '_' and '/' is accepted. */
export const TIMEZONE_CHOICES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
] as const;

const PRONOUNS = ['they/them', 'she/her', 'he/him', 'ze/zir', 'other', 'prefer not to say'];
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'other'];
/** The field list's tones; the limits schema lists gentle, direct, encouraging, neutral. */
const TONES_FORM = ['gentle', 'direct', 'encouraging', 'analytical', 'compassionate'];
const TONES_ACCEPTED = [...TONES_FORM, 'neutral'];
/** The field list's frequencies; the limits schema has as-needed instead of never. */
const FREQUENCIES_FORM = ['daily', 'weekly', 'monthly', 'never'];
const FREQUENCIES_ACCEPTED = [...FREQUENCIES_FORM, 'as-needed'];
const REFLECTION_GOALS = [
  'emotional awareness',
  'stress management',
  'personal growth',
  'relationships',
  'career',
  'health',
  'creativity',
];

/** The user category's field definitions, in the form's order (SPEC §3). */
export const USER_FIELDS = [
  {
    field_id: 'display_name',
    label: 'Display Name',
    type: 'text',
    category: 'user',
    default_value: '',
    visibility_default: 'public_clients',
    required: true,
    validation: { maxLength: 100 },
    placeholder: 'How should we call you?',
    description: 'The name shown to you and to professionals you work with.',
  } satisfies TextField<'display_name'>,
  select({
    field_id: 'pronouns',
    label: 'Pronouns',
    category: 'user',
    default_value: '',
    visibility_default: 'public_clients',
    options: PRONOUNS,
    required: false,
    validation: { maxLength: 50 },
    placeholder: 'Select your pronouns',
    description: 'How you would like to be referred to.',
  }),
  {
    field_id: 'timezone',
    label: 'Timezone',
    type: 'timezone',
    category: 'user',
    default_value: 'UTC',
    visibility_default: 'public_clients',
    options: TIMEZONE_CHOICES,
    required: true,
    validation: {
      maxLength: 64,
      pattern: /^[A-Za-z_/]+$/,
      patternMessage: 'Timezone may contain only letters, underscores and slashes',
    },
    placeholder: 'Select your timezone',
    description: 'Used for reminders and to show times in your local time.',
  } satisfies TextField<'timezone'>,
  select({
    field_id: 'language_pref',
    label: 'Preferred Language',
    category: 'user',
    default_value: 'en',
    visibility_default: 'public_clients',
    options: LANGUAGES,
    optionLabels: {
      en: 'English',
      es: 'Spanish',
      fr: 'French',
      de: 'German',
      it: 'Italian',
      pt: 'Portuguese',
      other: 'Other',
    },
    required: false,
    validation: { maxLength: 10 },
    placeholder: 'Select a language',
    description: 'The language you prefer for insights and messages.',
  }),
  select({
    field_id: 'emo_tone_preference',
    label: 'Emotional Tone Preference',
    category: 'user',
    default_value: '',
    visibility_default: 'private_self',
    options: TONES_FORM,
    accepted: TONES_ACCEPTED,
    required: false,
    validation: {},
    placeholder: 'Select a tone',
    description: 'How you would like insights to be worded.',
  }),
  multi({
    field_id: 'reflection_goal',
    label: 'Reflection Goals',
    category: 'user',
    visibility_default: 'private_self',
    options: REFLECTION_GOALS,
    required: false,
    validation: { maxItems: 10, maxLength: 100 },
    placeholder: 'Select your goals',
    description: 'What you want to work on through reflection.',
  }),
  {
    field_id: 'personal_statement',
    label: 'Personal Statement',
    type: 'longtext',
    category: 'user',
    default_value: '',
    visibility_default: 'private_self',
    required: false,
    validation: { maxLength: 1000 },
    placeholder: 'A few words about yourself and what brings you here',
    description: 'Private to you unless you choose to share insights with your professionals.',
  } satisfies TextField<'personal_statement'>,
  select({
    field_id: 'journal_frequency',
    label: 'Journal Frequency',
    category: 'user',
    default_value: 'weekly',
    visibility_default: 'private_self',
    options: FREQUENCIES_FORM,
    accepted: FREQUENCIES_ACCEPTED,
    required: false,
    validation: {},
    placeholder: 'How often do you journal?',
    description: 'How often you would like to be reminded to journal.',
  }),
  {
    field_id: 'avatar_url',
    label: 'Avatar',
    type: 'file',
    category: 'user',
    default_value: '',
    visibility_default: 'public_clients',
    required: false,
    validation: { maxLength: 500, url: true },
    placeholder: 'Upload an image',
    description: 'A PNG, JPEG, WebP or GIF image up to 5 MB, visible to your professionals.',
  } satisfies TextField<'avatar_url'>,
] as const;
