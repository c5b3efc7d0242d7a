/** Zod-free, so the browser's first screens can import it (see constants.test.ts). */
export const ROLES = ['user', 'client', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The labels the avatar menu shows for each role (SPEC §2 App shell). */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Self-Awareness',
  client: 'Coach/HR/Psychologist',
  admin: 'System Owner/Researcher',
};
