/**
 * The profile's field definitions (SPEC §3 "Profile field definition", §5 profile limits and form).
 * One list drives the server's validation and storage and the web form. Each category's fields
 * live in their own module; this one joins them and is what the server and web import.
 */
import { ADMIN_FIELDS } from './admin-fields';
import { CLIENT_FIELDS } from './client-fields';
import { USER_FIELDS } from './user-fields';

export {
  FIELD_VISIBILITIES,
  PROFILE_CATEGORIES,
  PROFILE_FIELD_TYPES,
  type FieldValidation,
  type FieldVisibility,
  type ProfileCategory,
  type ProfileFieldType,
} from './profile-field-types';
export { INVALID_FORMAT_MESSAGE, READ_ONLY_MESSAGE, REQUIRED_MESSAGE } from './profile-messages';
export { TIMEZONE_CHOICES } from './user-fields';

/** In PROFILE_CATEGORIES order; within a category, in the form's order. */
export const PROFILE_FIELDS = [...USER_FIELDS, ...CLIENT_FIELDS, ...ADMIN_FIELDS] as const;

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
