/**
 * The workspace's modalities (SPEC §3 `activeModality`) and the page each one opens. The sidebar,
 * the palette's /unified/* aliases and a notification's 'View' all lead through this one table.
 */
export const MODALITIES = [
  'dashboard',
  'chat',
  'voice',
  'email',
  'calls',
  'journal',
  'profile',
  'settings',
  'help',
] as const;
export type Modality = (typeof MODALITIES)[number];

export const MODALITY_PATHS: Readonly<Record<Modality, string>> = {
  dashboard: '/app/dashboard',
  chat: '/app/chat',
  voice: '/app/voice-notes',
  email: '/app/email',
  calls: '/app/calls',
  journal: '/app/journal',
  profile: '/app/profile',
  settings: '/app/settings',
  help: '/app/help',
};

export function isModality(value: string): value is Modality {
  return (MODALITIES as readonly string[]).includes(value);
}
