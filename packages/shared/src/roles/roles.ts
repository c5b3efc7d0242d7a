import { z } from 'zod';

export const ROLES = ['user', 'client', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** The labels the avatar menu shows for each role (SPEC §2 App shell). */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Self-Awareness',
  client: 'Coach/HR/Psychologist',
  admin: 'System Owner/Researcher',
};
