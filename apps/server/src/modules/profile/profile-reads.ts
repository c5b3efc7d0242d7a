import { effectiveRoleOf, type ProfileViewer } from '@kaleido/shared/profile/profile-access';
import type { ProfileResponse } from '@kaleido/shared/profile/profile.schemas';
import { notFound } from '../../http/errors';
import type { IdentityService } from '../identity/identity.service';
import type { InsightsSharing } from './profile-needs';
import { profileResponse } from './profile-response';
import { valuesOf, type ProfileRepository, type UserProfileRow } from './profile.repository';

export type ProfileReads = ReturnType<typeof createProfileReads>;

/**
 * Reading profiles under SPEC §6's rules: every read answers only the fields the viewer may see,
 * by effective role (an admin's selected interface).
 */
export function createProfileReads(deps: {
  repository: Pick<ProfileRepository, 'find' | 'ensure' | 'fullNameOf' | 'isAssigned'>;
  identity: Pick<IdentityService, 'sessionContext'>;
  /** The owner's 'Share Insights with Clients' toggle, for assigned professionals. */
  preferences: InsightsSharing;
}) {
  const { repository } = deps;

  async function viewerOf(userId: string): Promise<ProfileViewer> {
    const context = await deps.identity.sessionContext(userId);
    return { role: context.role, selectedInterface: context.profile?.selectedInterface ?? null };
  }

  /** The user's profiles row, created with defaults (and their name) on first load. */
  async function rowOf(userId: string): Promise<UserProfileRow> {
    return (
      (await repository.find(userId)) ??
      (await repository.ensure(userId, ((await repository.fullNameOf(userId)) ?? '').slice(0, 100)))
    );
  }

  /** The signed-in user's own profile, created with defaults on first load. */
  async function load(userId: string): Promise<ProfileResponse> {
    const [row, viewer] = await Promise.all([rowOf(userId), viewerOf(userId)]);
    return profileResponse(row, viewer, { self: true, sharedWithViewer: false });
  }

  return {
    viewerOf,
    rowOf,
    load,

    /** The user's avatar URL, if they set one (shown with the session). */
    async avatarOf(userId: string): Promise<string | null> {
      return (await repository.find(userId))?.avatarUrl || null;
    },

    /**
     * Another person's profile as `viewerId` may see it: themself; an admin in the admin
     * interface, anyone; a professional (client interface), only users assigned to them, with the
     * owner's private fields only when the owner shares insights with clients. Anyone else: 404.
     */
    async readAs(viewerId: string, userId: string): Promise<ProfileResponse> {
      if (viewerId === userId) return load(userId);
      const viewer = await viewerOf(viewerId);
      const effective = effectiveRoleOf(viewer);
      const allowed =
        effective === 'admin' ||
        (effective === 'client' && (await repository.isAssigned(viewerId, userId)));
      if (!allowed || (await repository.fullNameOf(userId)) === null)
        throw notFound('Profile not found');
      const sharedWithViewer =
        effective === 'client' &&
        (await deps.preferences.privacyOf(userId)).insights_visible_to_clients;
      return profileResponse(await rowOf(userId), viewer, { self: false, sharedWithViewer });
    },

    /** Every field, for the owner's data export. */
    async exportFor(userId: string) {
      const row = await rowOf(userId);
      return { ...valuesOf(row), updated_at: row.updatedAt.toISOString() };
    },
  };
}
