import { CARE_SCOPES } from '@kaleido/shared/care/care.schemas';
import type {
  CarePerson,
  CarePersonInsights,
  CarePersonProfile,
  MoodPoint,
  SharedEntry,
  SharedTranscript,
} from '@kaleido/shared/care/care-reads.schemas';
import type { CareAccessWhat } from '@kaleido/shared/care/care-records.schemas';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import { editableFields, type ProfileViewer } from '@kaleido/shared/profile/profile-access';
import { PROFILE_FIELDS, profileField } from '@kaleido/shared/profile/profile-fields';
import type { ProfileResponse } from '@kaleido/shared/profile/profile.schemas';
import type { Derived, SourceRef } from '../content/provenance';
import type { CareLogging } from './care-logging.repository';
import type { CarePolicy } from './care-policy';
import type { CareRelationshipsRepository } from './care-relationships.repository';
import type { CareSharedReads } from './care-shared-reads';
import { receivable, type ReaderGrants } from './derived-data-policy';

export type CareReads = ReturnType<typeof createCareReads>;

const READ_LIMIT = 200;

/**
 * What a professional reads of one person they work with (the /client/people pages; their home
 * is care-dashboard.service.ts). Every read of a person's data goes through the policy and lands
 * in the access log.
 */
export function createCareReads(deps: {
  relationships: Pick<CareRelationshipsRepository, 'usersByIds'>;
  shared: Pick<CareSharedReads, 'moods' | 'sharedEntries' | 'transcripts'>;
  logging: Pick<CareLogging, 'logAccess'>;
  policy: CarePolicy;
  viewerOf: (userId: string) => Promise<ProfileViewer>;
  /** The profile module's read of another person's profile under SPEC §6 (profile.readAs). */
  profileAs: (viewerId: string, userId: string) => Promise<ProfileResponse>;
  grants: ReaderGrants;
  /**
   * The analysis module's cards of a person for another reader (insights.forReader): figures
   * from every item, and the kinds that carry words computed from `textItems` alone.
   */
  insightsFor: (
    userId: string,
    textItems: readonly SourceRef[],
  ) => Promise<{ analysisEnabled: boolean; cards: Derived<InsightCard>[] }>;
  now: () => Date;
}) {
  const { shared, policy } = deps;

  async function logRead(
    professionalId: string,
    personId: string,
    what: CareAccessWhat,
    itemCount: number,
  ) {
    await deps.logging.logAccess({ personId, professionalId, what, itemCount, now: deps.now() });
  }

  return {
    /**
     * What a professional may see of one person: the scopes in force, and what is not shared. A
     * logged read.
     */
    async person(professionalId: string, personId: string): Promise<CarePerson> {
      const { relationship, scopes } = await policy.mayView(professionalId, personId);
      const [person] = await deps.relationships.usersByIds([personId]);
      // Their name, email and what they share: a read like any other (the count is the scopes).
      await logRead(professionalId, personId, 'person', scopes.length);
      return {
        id: personId,
        name: person?.name ?? '',
        email: person?.email ?? '',
        relationshipId: relationship.id,
        since: (relationship.respondedAt ?? relationship.createdAt).toISOString(),
        scopes,
        notShared: CARE_SCOPES.filter((s) => !scopes.includes(s)),
      };
    },

    /**
     * The person's profile as this professional may see it: the profile module decides (SPEC §6;
     * private fields only while the person shares insights with clients); this keeps the fields
     * the person themself fills in, as text, and names the private ones left out. A logged read.
     */
    async profile(professionalId: string, personId: string): Promise<CarePersonProfile> {
      await policy.mayView(professionalId, personId);
      const [profile, personViewer] = await Promise.all([
        deps.profileAs(professionalId, personId),
        deps.viewerOf(personId),
      ]);
      const own = editableFields(personViewer);
      const fields = profile.visible
        .filter((id) => own.includes(id) && id !== 'avatar_url')
        .map((id) => ({ id, label: profileField(id).label, value: displayValue(id, profile) }))
        .filter((f) => f.value !== '');
      const privateFields = PROFILE_FIELDS.filter(
        (f) =>
          f.visibility_default === 'private_self' &&
          own.includes(f.field_id) &&
          !profile.visible.includes(f.field_id),
      ).map((f) => f.label);
      const avatar = profile.visible.includes('avatar_url') ? profile.values.avatar_url : '';
      await logRead(professionalId, personId, 'profile', fields.length);
      return {
        fields,
        privateFields,
        avatarUrl: typeof avatar === 'string' && avatar ? avatar : null,
      };
    },

    /**
     * The person's insight cards: the mood and insights scope (and the master switch). Each card
     * comes with its provenance and is given only when every source is readable by this
     * professional now (decision 039): figures from every item; themes, better and worse days
     * and the weekly reflection only as computed from the entries and transcripts shared with
     * them. No evidence: the professional reads shared items on their own pages.
     */
    async insights(professionalId: string, personId: string): Promise<CarePersonInsights> {
      const relationship = await policy.mayRead(professionalId, personId, 'mood_and_insights');
      const grant = await deps.grants.ofRelationship(relationship);
      const derived = await deps.insightsFor(personId, [...grant.text.keys()]);
      const cards = receivable(grant, derived.cards);
      await logRead(professionalId, personId, 'insights', cards.length);
      return { analysisEnabled: derived.analysisEnabled, cards };
    },

    async moodTrend(professionalId: string, personId: string): Promise<{ points: MoodPoint[] }> {
      await policy.mayRead(professionalId, personId, 'mood_and_insights');
      const moods = await shared.moods(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'mood_trend', moods.length);
      return {
        points: moods.reverse().map((m) => ({ date: m.createdAt.toISOString(), mood: m.mood })),
      };
    },

    async sharedEntries(
      professionalId: string,
      personId: string,
    ): Promise<{ entries: SharedEntry[] }> {
      await policy.mayRead(professionalId, personId, 'shared_journal_entries');
      const rows = await shared.sharedEntries(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'shared_entries', rows.length);
      return { entries: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
    },

    async transcripts(
      professionalId: string,
      personId: string,
    ): Promise<{ transcripts: SharedTranscript[] }> {
      await policy.mayRead(professionalId, personId, 'voice_note_transcripts');
      const rows = await shared.transcripts(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'transcripts', rows.length);
      return {
        transcripts: rows.map((t) => ({
          id: t.id,
          title: t.title,
          transcript: t.transcript ?? '',
          createdAt: t.createdAt.toISOString(),
        })),
      };
    },
  };
}

/** A profile value as one line of text (lists joined, codes by their label, toggles Yes/No). */
function displayValue(id: ProfileResponse['visible'][number], profile: ProfileResponse): string {
  const value = profile.values[id];
  const field = profileField(id);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value !== 'string') return '';
  return (field.type === 'select' && field.optionLabels?.[value]) || value;
}
