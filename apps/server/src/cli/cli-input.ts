import type { z } from 'zod';
import { EmailSchema, FullNameSchema, NewPasswordSchema } from '@kaleido/shared/auth/auth.schemas';
import { RoleSchema, type Role } from '@kaleido/shared/roles/roles';
import { CliError } from './cli-context';

/** Parses with a shared schema and turns its first problem (the spec's order) into a CliError. */
function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CliError(result.error.issues[0]?.message ?? 'invalid value');
}

export const parseEmail = (value: string) => parseWith(EmailSchema, value);
export const parseNewPassword = (value: string) => parseWith(NewPasswordSchema, value);
export const parseFullName = (value: string) => parseWith(FullNameSchema, value);

export function parseRole(value: string): Role {
  const result = RoleSchema.safeParse(value);
  if (!result.success) throw new CliError(`unknown role "${value}": use user, client or admin`);
  return result.data;
}
