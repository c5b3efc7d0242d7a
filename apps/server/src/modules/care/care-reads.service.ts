import {
  CARE_SCOPES,
  type CareAccessWhat,
  type CareDashboard,
  type CarePersonSummary,
  type MoodPoint,
  type SharedEntry,
  type SharedTranscript,
} from '@kaleido/shared/care/care.schemas';
import type { CarePolicy } from './care-policy';
import type { CareRepository } from './care.repository';

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
  /** Open alerts the professional sees now (care-alerts.service.ts). */
  openAlerts: (professionalId: string) => Promise<number>;
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

  return {
    async dashboard(professionalId: string): Promise<CareDashboard> {
      const rows = (await repository.relationshipsOf(professionalId)).filter(
        (r) => r.professionalId === professionalId,
      );
      return {
        activeClients: rows.filter((r) => r.status === 'active').length,
        pendingRequests: rows.filter((r) => r.status === 'pending').length,
        openAlerts: await deps.openAlerts(professionalId),
        ethicalUseConfirmed: (await deps.professionalOf(professionalId)).ethical_use_confirmed,
      };
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

    /** What a professional may see of one person: the scopes in force, and what is not shared. */
    async person(professionalId: string, personId: string) {
      const { relationship, scopes } = await policy.mayView(professionalId, personId);
      const [person] = await repository.usersByIds([personId]);
      return {
        id: personId,
        name: person?.name ?? '',
        relationshipId: relationship.id,
        since: (relationship.respondedAt ?? relationship.createdAt).toISOString(),
        scopes,
        notShared: CARE_SCOPES.filter((s) => !scopes.includes(s)),
      };
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
