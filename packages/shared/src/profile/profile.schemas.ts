import { z } from 'zod';
import { describeInput } from '../http/safe-input';
import { SafeJsonSchema } from '../http/safe-input.schemas';
import { RoleSchema } from '../roles/roles';
import {
  FIELD_VISIBILITIES,
  PROFILE_FIELD_IDS,
  PROFILE_FIELDS,
  INVALID_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
  profileField,
  type FieldValidation,
  type ProfileFieldDefinition,
  type ProfileFieldId,
} from './profile-fields';

/** Where our own uploaded avatars are served; accepted as an avatar_url besides http(s) URLs. */
export const AVATAR_PATH_PREFIX = '/api/files/avatar/';
const OWN_AVATAR_PATH = /^\/api\/files\/avatar\/[0-9a-f-]{36}$/;

export const INVALID_URL_MESSAGE = 'Please enter a valid URL';
export const SCHEDULE_MESSAGE = 'Availability must be a JSON object';

function tooLong(label: string, max: number) {
  return `${label} must be at most ${max} characters`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function textSchema(field: ProfileFieldDefinition & { default_value: string }) {
  const validation: FieldValidation = field.validation;
  let schema = z.string({ error: `${field.label} must be text` }).trim();
  if (field.required) schema = schema.min(1, REQUIRED_MESSAGE);
  if (validation.maxLength !== undefined)
    schema = schema.max(validation.maxLength, tooLong(field.label, validation.maxLength));
  return schema.superRefine((value, ctx) => {
    if (value === '') return;
    if (validation.pattern && !validation.pattern.test(value))
      ctx.addIssue({
        code: 'custom',
        message: validation.patternMessage ?? INVALID_FORMAT_MESSAGE,
      });
    if (validation.url && !OWN_AVATAR_PATH.test(value) && !isHttpUrl(value))
      ctx.addIssue({ code: 'custom', message: INVALID_URL_MESSAGE });
    if (field.type === 'select' && !field.accepted.includes(value))
      ctx.addIssue({
        code: 'custom',
        message: `Choose one of: ${field.options.join(', ')}`,
      });
  });
}

function listSchema(field: Extract<ProfileFieldDefinition, { type: 'multiselect' }>) {
  const { maxItems = 100, maxLength = 100 }: FieldValidation = field.validation;
  return z
    .array(
      z
        .string({ error: `${field.label} must be a list of text` })
        .trim()
        .max(maxLength, `Each of ${field.label} must be at most ${maxLength} characters`),
      { error: `${field.label} must be a list` },
    )
    .max(maxItems, `Choose at most ${maxItems} ${field.label}`)
    .superRefine((items, ctx) => {
      const unknown = items.filter((item) => !field.accepted.includes(item));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `Unknown ${field.label}: ${unknown.join(', ')}` });
    })
    .transform((items) => [...new Set(items)]);
}

const JsonObjectSchema = z.record(z.string(), SafeJsonSchema, { error: SCHEDULE_MESSAGE });

function scheduleSchema(field: Extract<ProfileFieldDefinition, { type: 'schedule' }>) {
  const max = (field.validation as FieldValidation).maxJsonLength ?? 5000;
  return JsonObjectSchema.nullable().refine(
    (value) => value === null || JSON.stringify(value).length <= max,
    `${field.label} must be at most ${max} characters of JSON`,
  );
}

/** The schema of one field's value, with the spec's limits and messages (SPEC §5). */
export function profileValueSchema(id: ProfileFieldId): z.ZodType {
  const field = profileField(id);
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'timezone':
    case 'file':
    case 'select':
      return textSchema(field);
    case 'multiselect':
      return listSchema(field);
    case 'toggle':
      return z.boolean({ error: `${field.label} must be on or off` });
    case 'schedule':
      return scheduleSchema(field);
  }
}

export const ProfileFieldIdSchema = z.enum(PROFILE_FIELD_IDS, {
  error: (issue) => `Unknown profile field: ${describeInput(issue.input)}`,
});

/** One field at a time, as the spec's form saves (SPEC §7 "update a single field"). */
export const UpdateProfileFieldBodySchema = z.strictObject({
  field: ProfileFieldIdSchema,
  value: z.unknown(),
});
export type UpdateProfileFieldBody = z.infer<typeof UpdateProfileFieldBodySchema>;

export type ProfileValue = string | boolean | string[] | Record<string, unknown> | null;
export type ProfileValues = Partial<Record<ProfileFieldId, ProfileValue>>;

/** Every field at its default (a new row), display_name from the account's full name. */
export function defaultProfileValues(fullName: string): Record<ProfileFieldId, ProfileValue> {
  const values = Object.fromEntries(
    PROFILE_FIELDS.map((f): [ProfileFieldId, ProfileValue] => [
      f.field_id,
      f.type === 'multiselect' ? [...f.default_value] : f.default_value,
    ]),
  ) as Record<ProfileFieldId, ProfileValue>;
  values.display_name = fullName.slice(0, 100);
  return values;
}

/**
 * GET /api/profile and /api/profile/:userId. `values` holds only the fields the viewer may see;
 * `editable` the ones they may change (always empty for another person's profile).
 */
export const ProfileResponseSchema = z.object({
  userId: z.string(),
  self: z.boolean(),
  /** The viewer's role and effective interface (an admin's selected interface). */
  viewer: z.object({ role: RoleSchema, effectiveRole: RoleSchema }),
  values: z.record(z.string(), z.unknown()),
  visible: z.array(z.string()),
  editable: z.array(z.string()),
  visibility: z.record(z.string(), z.enum(FIELD_VISIBILITIES)),
  updatedAt: z.string(),
});
export type ProfileResponse = Omit<
  z.infer<typeof ProfileResponseSchema>,
  'values' | 'visible' | 'editable'
> & {
  values: ProfileValues;
  visible: ProfileFieldId[];
  editable: ProfileFieldId[];
};
