import { CARE_SCOPES } from '@kaleido/shared/care/care.schemas';
import type {
  CareDashboard,
  CarePerson,
  CarePersonInsights,
  CarePersonProfile,
  CarePersonSummary,
  MoodPoint,
  SharedEntry,
  SharedTranscript,
} from '@kaleido/shared/care/care-reads.schemas';
import type { CareAccessWhat } from '@kaleido/shared/care/care-records.schemas';
import type { InsightCard } from '@kaleido/shared/insights/insights.schemas';
import { editableFields, type ProfileViewer } from '@kaleido/shared/profile/profile-access';
import { PROFILE_FIELDS, profileField } from '@kaleido/shared/profile/profile-fields';
import type { ProfileResponse } from '@kaleido/shared/profile/profile.schemas';
import { notFound } from '../../http/errors';
import type { Derived, SourceRef } from '../content/provenance';
import type { CarePolicy } from './care-policy';
import type { CareRepository } from './care.repository';
import { receivable, type ReaderGrants } from './derived-data-policy';

export type CareReads = ReturnType<typeof createCareReads>;

const MOOD_TREND_LENGTH = 14;
const READ_LIMIT = 200;

/**
 * What a professional reads of the people they work with (the /client pages). Every read of a
 * person's data goes through the policy and lands in the access log.
 */
export function createCareReads(deps: {
  repository: CareRepository;
  policy: CarePolicy;
  professionalOf: (userId: string) => Promise<{ ethical_use_confirmed: boolean }>;
  /** Records the professional's ethical-use confirmation (the settings module's). */
  confirmEthicalUse: (userId: string) => Promise<void>;
  /** Open alerts the professional sees now (care-alerts.service.ts). */
  openAlerts: (professionalId: string) => Promise<number>;
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
  const { repository, policy } = deps;

  async function logRead(
    professionalId: string,
    personId: string,
    what: CareAccessWhat,
    itemCount: number,
  ) {
    await repository.logAccess({ personId, professionalId, what, itemCount, now: deps.now() });
  }

  async function dashboard(professionalId: string): Promise<CareDashboard> {
    const rows = (await repository.relationshipsOf(professionalId)).filter(
      (r) => r.professionalId === professionalId,
    );
    return {
      activeClients: rows.filter((r) => r.status === 'active').length,
      pendingRequests: rows.filter((r) => r.status === 'pending').length,
      openAlerts: await deps.openAlerts(professionalId),
      ethicalUseConfirmed: (await deps.professionalOf(professionalId)).ethical_use_confirmed,
    };
  }

  return {
    dashboard,

    /**
     * The statement's "I confirm", for whoever acts as a professional now — a client, or an
     * admin in the client interface, whose settings tab for it lives in the admin interface.
     */
    async confirmEthicalUse(professionalId: string): Promise<CareDashboard> {
      if (!(await policy.isProfessional(professionalId))) throw notFound('Not found');
      await deps.confirmEthicalUse(professionalId);
      return dashboard(professionalId);
    },

    /** The people a professional works with: mood trend where shared (a logged read). */
    async people(professionalId: string): Promise<CarePersonSummary[]> {
      if (!(await policy.isProfessional(professionalId))) return [];
      const rows = await repository.activeOfProfessional(professionalId);
      if (rows.length === 0) return [];
      await policy.assertEthicalUse(professionalId);
      const people = await repository.usersByIds(rows.map((r) => r.personId));
      const result: CarePersonSummary[] = [];
      for (const r of rows) {
        const scopes = await policy.scopesOf(r);
        let moodTrend: MoodPoint[] | null = null;
        let lastActivityAt: string | null = null;
        if (scopes.includes('mood_and_insights')) {
          const moods = await repository.moods(r.personId, MOOD_TREND_LENGTH);
          moodTrend = moods
            .reverse()
            .map((m) => ({ date: m.createdAt.toISOString(), mood: m.mood }));
          lastActivityAt = moods.at(-1)?.createdAt.toISOString() ?? null;
          await logRead(professionalId, r.personId, 'mood_trend', moods.length);
        }
        result.push({
          id: r.personId,
          name: people.find((p) => p.id === r.personId)?.name ?? '',
          relationshipId: r.id,
          since: (r.respondedAt ?? r.createdAt).toISOString(),
          scopes,
          moodTrend,
          lastActivityAt,
        });
      }
      return result;
    },

    /**
     * What a professional may see of one person: the scopes in force, and what is not shared. A
     * logged read.
     */
    async person(professionalId: string, personId: string): Promise<CarePerson> {
      const { relationship, scopes } = await policy.mayView(professionalId, personId);
      const [person] = await repository.usersByIds([personId]);
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
      const moods = await repository.moods(personId, READ_LIMIT);
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
      const rows = await repository.sharedEntries(personId, READ_LIMIT);
      await logRead(professionalId, personId, 'shared_entries', rows.length);
      return { entries: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
    },

    async transcripts(
      professionalId: string,
      personId: string,
    ): Promise<{ transcripts: SharedTranscript[] }> {
      await policy.mayRead(professionalId, personId, 'voice_note_transcripts');
      const rows = await repository.transcripts(personId, READ_LIMIT);
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
