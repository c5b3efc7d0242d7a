import { z } from 'zod';

/**
 * Working relationships between a professional (a client account, or an admin in the client
 * interface) and a person, and the consent the person gives per type of data (SPEC §1 client
 * interface, §3 privacy; docs/decisions/023-consent-as-data.md). Beside this file, one per shape
 * group: the person's records (care-records.schemas.ts), the professional's reads
 * (care-reads.schemas.ts), notes, alerts and reports.
 */

/** What a person may share, one scope at a time; nothing else is ever shown to a professional. */
export const CARE_SCOPES = [
  'mood_and_insights',
  'shared_journal_entries',
  'voice_note_transcripts',
] as const;
export type CareScope = (typeof CARE_SCOPES)[number];
export const CareScopeSchema = z.enum(CARE_SCOPES);

export const CARE_SCOPE_LABELS: Record<CareScope, string> = {
  mood_and_insights: 'Mood and insight summaries',
  shared_journal_entries: 'Journal entries marked "Shared with clients"',
  voice_note_transcripts: 'Voice note transcripts',
};

export const RELATIONSHIP_STATUSES = ['pending', 'active', 'declined', 'ended'] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const CARE_MESSAGES = {
  ethicalUseRequired: 'Please confirm the ethical-use statement before viewing shared data.',
  noAccount: 'No Kaleido account uses that email address.',
  notProfessional: 'That account is not a professional account.',
  self: 'You cannot invite yourself.',
  alreadyLinked: 'You already have a relationship or a pending invitation with this person.',
  notProfessionalInterface: 'Only professionals can invite people.',
} as const;

const Iso = z.string();

export const ConsentSchema = z.object({
  scope: CareScopeSchema,
  grantedAt: Iso,
  /** null: until the person revokes it. */
  expiresAt: Iso.nullable(),
  /** Granted, not revoked, not expired, and the master switch is on. */
  active: z.boolean(),
});
export type Consent = z.infer<typeof ConsentSchema>;

export const RelationshipSchema = z.object({
  id: z.string(),
  /** The caller's side of it. */
  role: z.enum(['professional', 'person']),
  status: z.enum(RELATIONSHIP_STATUSES),
  initiatedBy: z.enum(['professional', 'person']),
  /** True when the caller is the side that must accept or decline. */
  awaitingMe: z.boolean(),
  other: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  consents: z.array(ConsentSchema),
  createdAt: Iso,
  respondedAt: Iso.nullable(),
  endedAt: Iso.nullable(),
});
export type Relationship = z.infer<typeof RelationshipSchema>;

export const RelationshipsResponseSchema = z.object({
  relationships: z.array(RelationshipSchema),
  /** The person's master switch ('Share Insights with Clients'): off, nothing is shared. */
  insightsVisibleToClients: z.boolean(),
});
export type RelationshipsResponse = z.infer<typeof RelationshipsResponseSchema>;

export const InviteBodySchema = z.strictObject({
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  /** The caller's side: a professional invites a person, a person invites a professional. */
  as: z.enum(['professional', 'person']),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const ConsentBodySchema = z.strictObject({
  granted: z.boolean(),
  /** ISO date-time; null or absent: no end date. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ConsentBody = z.infer<typeof ConsentBodySchema>;

export const CareEventSchemas = {
  /**
   * A relationship or its consent changed (invited, answered, ended, a scope granted, changed or
   * revoked). Sent to both sides; an open professional view refetches and loses what is gone.
   * 'alert': an alert was raised or answered (sent to the professional only).
   */
  'care.changed': z.object({
    relationshipId: z.string(),
    personId: z.string(),
    professionalId: z.string(),
    change: z.enum(['invited', 'accepted', 'declined', 'ended', 'consent', 'alert']),
  }),
} as const;
