import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CareScope, RelationshipStatus } from '@kaleido/shared/care/care.schemas';
import type {
  CareAlertEvidence,
  CareAlertKind,
  CareAlertStatus,
  CareAlertValues,
} from '@kaleido/shared/care/care-alerts.schemas';
import type { CareAccessWhat, ConsentChange } from '@kaleido/shared/care/care-records.schemas';
import { users } from './auth';

/**
 * A working relationship between a professional and a person (it replaces the old
 * client_assignments): invited by either side, accepted or declined by the other, ended by
 * either. At most one pending or active relationship per pair.
 */
export const careRelationships = pgTable(
  'care_relationships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    initiatedBy: text('initiated_by').$type<'professional' | 'person'>().notNull(),
    status: text('status').$type<RelationshipStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('care_relationships_open_pair_idx')
      .on(t.professionalId, t.personId)
      .where(sql`status in ('pending', 'active')`),
    index('care_relationships_person_idx').on(t.personId),
  ],
);

/** The person's consent per relationship and scope: revoked or past its end date, it is off. */
export const careConsents = pgTable(
  'care_consents',
  {
    relationshipId: uuid('relationship_id')
      .notNull()
      .references(() => careRelationships.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<CareScope>().notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.relationshipId, t.scope] })],
);

/**
 * Every change of a relationship or its consent, for the person's record and export. The rows
 * are the person's (DESIGN §10): they outlive the professional's account, who is then named by
 * the snapshot taken when the row was written, and go only with the person's own data.
 */
export const careConsentLog = pgTable(
  'care_consent_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    relationshipId: uuid('relationship_id').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the professional's account is gone; `professionalName` still says who. */
    professionalId: uuid('professional_id').references(() => users.id, { onDelete: 'set null' }),
    professionalName: text('professional_name').notNull(),
    actorId: uuid('actor_id').notNull(),
    scope: text('scope').$type<CareScope>(),
    action: text('action').$type<ConsentChange['action']>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('care_consent_log_person_idx').on(t.personId, t.at),
    index('care_consent_log_professional_idx').on(t.professionalId),
  ],
);

/**
 * Every read by a professional of a person's data: who, what, how many items, when. The rows
 * are the person's, like the consent log above. Identical reads (same professional, same kind,
 * same item count) within one clock hour (UTC) are one row: `readCount` says how many, `at` is
 * the first and `lastAt` the last.
 */
export const careAccessLog = pgTable(
  'care_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the professional's account is gone; `professionalName` still says who. */
    professionalId: uuid('professional_id').references(() => users.id, { onDelete: 'set null' }),
    professionalName: text('professional_name').notNull(),
    what: text('what').$type<CareAccessWhat>().notNull(),
    itemCount: integer('item_count').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    readCount: integer('read_count').notNull().default(1),
    /** The clock hour (UTC) of the first read: the window identical reads fold into. */
    readHour: timestamp('read_hour').generatedAlwaysAs(
      sql`date_trunc('hour', timezone('UTC', at))`,
    ),
  },
  (t) => [
    index('care_access_log_person_idx').on(t.personId, t.at),
    index('care_access_log_professional_idx').on(t.professionalId),
    uniqueIndex('care_access_log_fold_idx').on(
      t.personId,
      t.professionalId,
      t.what,
      t.itemCount,
      t.readHour,
    ),
  ],
);

/** A professional's private notes about a person: never shown to the person. */
export const careNotes = pgTable(
  'care_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_notes_pair_idx').on(t.professionalId, t.personId, t.createdAt)],
);

/**
 * An alert for one professional about one person: a drop or a spike in what the person shares
 * with them, with the figures and items behind it. `signature` (the kind and the newest item)
 * keeps one alert per trigger however often the check runs. `sources` names every item the
 * figures were computed from, and each evidence item its own (`ref`): the alert is shown only
 * while every source is readable by the professional, a title only while its item is
 * (decision 039). Alerts raised before sources were kept have none, and are shown to nobody.
 */
export const careAlerts = pgTable(
  'care_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    relationshipId: uuid('relationship_id')
      .notNull()
      .references(() => careRelationships.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CareAlertKind>().notNull(),
    signature: text('signature').notNull(),
    values: jsonb('values').$type<CareAlertValues>().notNull(),
    evidence: jsonb('evidence').$type<(CareAlertEvidence & { ref?: string })[]>().notNull(),
    sources: jsonb('sources').$type<string[]>(),
    status: text('status').$type<CareAlertStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('care_alerts_signature_idx').on(t.professionalId, t.personId, t.signature),
    index('care_alerts_professional_idx').on(t.professionalId, t.status),
    index('care_alerts_person_idx').on(t.personId),
  ],
);
