/**
 * The profile's field definitions (SPEC §3 "Profile field definition", §5 profile limits and form).
 * One list drives the server's validation and storage and the web form.
 */
export const PROFILE_CATEGORIES = ['user', 'client', 'admin'] as const;
export type ProfileCategory = (typeof PROFILE_CATEGORIES)[number];

export const PROFILE_FIELD_TYPES = [
  'text',
  'longtext',
  'select',
  'multiselect',
  'toggle',
  'timezone',
  'file',
  'schedule',
] as const;
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPES)[number];

export const FIELD_VISIBILITIES = [
  'private_self',
  'public_clients',
  'public_admins',
  'admin_only',
] as const;
export type FieldVisibility = (typeof FIELD_VISIBILITIES)[number];

/** The spec's form messages (SPEC §5). */
export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_FORMAT_MESSAGE = 'Invalid format';
/** Tooltip on fields the current interface may not edit (SPEC §6); also the server's 403. */
export const READ_ONLY_MESSAGE = 'Read-only in current interface';

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

export interface FieldValidation {
  /** Text: most characters; lists: most characters of one item. */
  maxLength?: number;
  /** Lists: most items. */
  maxItems?: number;
  pattern?: RegExp;
  patternMessage?: string;
  /** avatar_url: a URL (or our own avatar path), or empty. */
  url?: boolean;
  /** schedule: most characters of its JSON. */
  maxJsonLength?: number;
}

interface FieldBase<Id extends string> {
  field_id: Id;
  label: string;
  type: ProfileFieldType;
  category: ProfileCategory;
  visibility_default: FieldVisibility;
  required: boolean;
  validation: FieldValidation;
  placeholder: string;
  description: string;
}

type TextField<Id extends string> = FieldBase<Id> & {
  type: 'text' | 'longtext' | 'timezone' | 'file';
  default_value: string;
  /** The timezone field's choices. */
  options?: readonly string[];
};
type SelectField<Id extends string> = FieldBase<Id> & {
  type: 'select';
  default_value: string;
  /** What the form offers. */
  options: readonly string[];
  /**
   * What the server accepts. Wider than `options` where the spec gives two lists (the field list
   * and the limits schema): stored values from either stay valid (docs/decisions/006).
   */
  accepted: readonly string[];
};
type MultiField<Id extends string> = FieldBase<Id> & {
  type: 'multiselect';
  default_value: readonly string[];
  options: readonly string[];
  accepted: readonly string[];
};
type ToggleField<Id extends string> = FieldBase<Id> & { type: 'toggle'; default_value: boolean };
type ScheduleField<Id extends string> = FieldBase<Id> & {
  type: 'schedule';
  default_value: null;
};

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
const ROLE_TYPES = [
  'Coach',
  'Therapist',
  'Psychologist',
  'Counselor',
  'Mentor',
  'Researcher',
  'Other',
];
const FOCUS_AREAS = [
  'anxiety',
  'depression',
  'trauma',
  'relationships',
  'addiction',
  'life transitions',
  'grief',
  'parenting',
  'career',
  'wellness',
];
const LANGUAGES_SPOKEN = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Mandarin',
  'Arabic',
  'Other',
];
const ADMIN_ROLE_TYPES = [
  'System Owner',
  'Technical Administrator',
  'Data Administrator',
  'Research Coordinator',
  'Compliance Officer',
];
const JURISDICTIONS = [
  'United States',
  'European Union',
  'Canada',
  'Australia',
  'United Kingdom',
  'Other',
];

function select<Id extends string>(
  field: Omit<SelectField<Id>, 'type' | 'accepted'> & { accepted?: readonly string[] },
): SelectField<Id> {
  return { ...field, type: 'select', accepted: field.accepted ?? field.options };
}
function multi<Id extends string>(
  field: Omit<MultiField<Id>, 'type' | 'accepted' | 'default_value'>,
): MultiField<Id> {
  return { ...field, type: 'multiselect', default_value: [], accepted: field.options };
}

export const PROFILE_FIELDS = [
  // ── user category ──
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
  // ── client category ──
  {
    field_id: 'pro_title',
    label: 'Professional Title',
    type: 'text',
    category: 'client',
    default_value: '',
    visibility_default: 'public_clients',
    required: false,
    validation: { maxLength: 100 },
    placeholder: 'e.g. Licensed Clinical Psychologist',
    description: 'Your title as your clients see it.',
  } satisfies TextField<'pro_title'>,
  select({
    field_id: 'role_type',
    label: 'Role Type',
    category: 'client',
    default_value: '',
    visibility_default: 'public_clients',
    options: ROLE_TYPES,
    required: false,
    validation: { maxLength: 100 },
    placeholder: 'Select your role',
    description: 'The kind of professional support you offer.',
  }),
  {
    field_id: 'organization',
    label: 'Organization',
    type: 'text',
    category: 'client',
    default_value: '',
    visibility_default: 'public_clients',
    required: false,
    validation: { maxLength: 200 },
    placeholder: 'Practice, company or institution',
    description: 'Where you practise.',
  } satisfies TextField<'organization'>,
  {
    field_id: 'credential',
    label: 'Credential',
    type: 'text',
    category: 'client',
    default_value: '',
    visibility_default: 'public_admins',
    required: false,
    validation: {
      maxLength: 500,
      pattern: /^[A-Z0-9-]+$/,
      patternMessage: INVALID_FORMAT_MESSAGE,
    },
    placeholder: 'e.g. PSY-12345',
    description: 'Licence or certification number: uppercase letters, digits and hyphens.',
  } satisfies TextField<'credential'>,
  multi({
    field_id: 'focus_areas',
    label: 'Focus Areas',
    category: 'client',
    visibility_default: 'public_clients',
    options: FOCUS_AREAS,
    required: false,
    validation: { maxItems: 20, maxLength: 100 },
    placeholder: 'Select your focus areas',
    description: 'The topics you work on with clients.',
  }),
  multi({
    field_id: 'languages_spoken',
    label: 'Languages Spoken',
    category: 'client',
    visibility_default: 'public_clients',
    options: LANGUAGES_SPOKEN,
    required: false,
    validation: { maxItems: 50, maxLength: 50 },
    placeholder: 'Select languages',
    description: 'Languages you can work in.',
  }),
  {
    field_id: 'availability_hours',
    label: 'Availability Hours',
    type: 'schedule',
    category: 'client',
    default_value: null,
    visibility_default: 'public_clients',
    required: false,
    validation: { maxJsonLength: 5000 },
    placeholder: '{"monday": ["09:00-17:00"]}',
    description: 'Your weekly availability as JSON.',
  } satisfies ScheduleField<'availability_hours'>,
  {
    field_id: 'ethical_statement',
    label: 'Ethical Statement',
    type: 'longtext',
    category: 'client',
    default_value: '',
    visibility_default: 'public_clients',
    required: false,
    validation: { maxLength: 2000 },
    placeholder: 'Your commitment to ethical practice',
    description: 'How you handle client data and care.',
  } satisfies TextField<'ethical_statement'>,
  // ── admin category ──
  select({
    field_id: 'admin_role_type',
    label: 'Administrative Role',
    category: 'admin',
    default_value: '',
    visibility_default: 'public_admins',
    options: ADMIN_ROLE_TYPES,
    required: false,
    validation: { maxLength: 100 },
    placeholder: 'Select your administrative role',
    description: 'Your responsibility in running Kaleido.',
  }),
  select({
    field_id: 'jurisdiction',
    label: 'Jurisdiction',
    category: 'admin',
    default_value: '',
    visibility_default: 'public_admins',
    options: JURISDICTIONS,
    required: false,
    validation: { maxLength: 100 },
    placeholder: 'Select a jurisdiction',
    description: 'The legal area whose data rules you apply.',
  }),
  {
    field_id: 'research_consent',
    label: 'Research Consent',
    type: 'toggle',
    category: 'admin',
    default_value: false,
    visibility_default: 'admin_only',
    required: false,
    validation: {},
    placeholder: '',
    description: 'Whether you take part in research on anonymized data.',
  } satisfies ToggleField<'research_consent'>,
  {
    field_id: 'dataset_tag',
    label: 'Dataset Tag',
    type: 'text',
    category: 'admin',
    default_value: '',
    visibility_default: 'admin_only',
    required: false,
    validation: { maxLength: 50 },
    placeholder: 'e.g. cohort-2025-a',
    description: 'Tag for the research dataset you curate.',
  } satisfies TextField<'dataset_tag'>,
  {
    field_id: 'admin_notes',
    label: 'Admin Notes',
    type: 'longtext',
    category: 'admin',
    default_value: '',
    visibility_default: 'admin_only',
    required: false,
    validation: { maxLength: 5000 },
    placeholder: 'Notes for administrators',
    description: 'Visible only to administrators in the admin interface.',
  } satisfies TextField<'admin_notes'>,
] as const;

export type ProfileFieldDefinition = (typeof PROFILE_FIELDS)[number];
export type ProfileFieldId = ProfileFieldDefinition['field_id'];

export const PROFILE_FIELD_IDS = PROFILE_FIELDS.map((f) => f.field_id) as [
  ProfileFieldId,
  ...ProfileFieldId[],
];

export function profileField(id: ProfileFieldId): ProfileFieldDefinition {
  const found = PROFILE_FIELDS.find((f) => f.field_id === id);
  if (!found) throw new Error(`unknown profile field ${id}`);
  return found;
}
