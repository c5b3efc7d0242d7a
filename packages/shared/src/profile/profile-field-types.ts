/**
 * What a profile field definition looks like (SPEC §3 "Profile field definition"): its category,
 * type and default visibility, its validation limits, and the shapes each type of field takes.
 * The definitions themselves live in one module per category; profile-fields.ts joins them.
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

export type TextField<Id extends string> = FieldBase<Id> & {
  type: 'text' | 'longtext' | 'timezone' | 'file';
  default_value: string;
  /** The timezone field's choices. */
  options?: readonly string[];
};
export type SelectField<Id extends string> = FieldBase<Id> & {
  type: 'select';
  default_value: string;
  /** What the form offers. */
  options: readonly string[];
  /**
   * What the server accepts. Wider than `options` where the spec gives two lists (the field list
   * and the limits schema): stored values from either stay valid (docs/decisions/006).
   */
  accepted: readonly string[];
  /** How an option reads in the form, where its stored value is a code ('en' → 'English'). */
  optionLabels?: Readonly<Record<string, string>>;
};
export type MultiField<Id extends string> = FieldBase<Id> & {
  type: 'multiselect';
  default_value: readonly string[];
  options: readonly string[];
  accepted: readonly string[];
};
export type ToggleField<Id extends string> = FieldBase<Id> & {
  type: 'toggle';
  default_value: boolean;
};
export type ScheduleField<Id extends string> = FieldBase<Id> & {
  type: 'schedule';
  default_value: null;
};

export function select<Id extends string>(
  field: Omit<SelectField<Id>, 'type' | 'accepted'> & { accepted?: readonly string[] },
): SelectField<Id> {
  return { ...field, type: 'select', accepted: field.accepted ?? field.options };
}
export function multi<Id extends string>(
  field: Omit<MultiField<Id>, 'type' | 'accepted' | 'default_value'>,
): MultiField<Id> {
  return { ...field, type: 'multiselect', default_value: [], accepted: field.options };
}
