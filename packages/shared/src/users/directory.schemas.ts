import { z } from 'zod';

/**
 * Who can find whom (docs/decisions/045-who-can-find-whom.md): the pickers list people you share
 * something with and people who chose to be findable; anyone else takes their exact address,
 * and the answer is the same whether or not it has an account.
 */
export const FindabilitySchema = z.strictObject({
  findable: z.boolean({ error: 'Findable must be true or false' }),
});
export type Findability = z.infer<typeof FindabilitySchema>;

export const DIRECTORY_MESSAGES = {
  /** The one answer to an invitation by address, whether or not someone uses it. */
  invitationSent: 'If someone uses that address, they’ll get your invitation.',
  /** What the pickers say when no one they may find matches. */
  noMatch:
    'No one you know matches. To reach someone new, use their exact email address in a letter.',
} as const;

/** The limits on reaching people who did not reach you first. */
export const INVITE_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;
