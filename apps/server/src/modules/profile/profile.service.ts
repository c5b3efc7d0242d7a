import type { Readable } from 'node:stream';
import { AVATAR_POLICY } from '@kaleido/shared/files/upload-policies';
import {
  editableFields,
  effectiveRoleOf,
  visibleFields,
  type ProfileViewer,
} from '@kaleido/shared/profile/profile-access';
import {
  READ_ONLY_MESSAGE,
  profileField,
  type ProfileFieldId,
} from '@kaleido/shared/profile/profile-fields';
import {
  AVATAR_PATH_PREFIX,
  profileValueSchema,
  type ProfileResponse,
  type ProfileValue,
} from '@kaleido/shared/profile/profile.schemas';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { IdentityService } from '../identity/identity.service';
import type { FilesService } from '../files/files.service';
import type { InsightsSharing } from './profile-needs';
import { valuesOf, type ProfileRepository, type UserProfileRow } from './profile.repository';

export type ProfileService = ReturnType<typeof createProfileService>;

const AVATAR_PURPOSE = 'avatar';

/**
 * The profile's rules (SPEC §6): every read answers only the fields the viewer may see, every
 * write only a field the viewer may edit, by effective role (an admin's selected interface).
 */
export function createProfileService(deps: {
  repository: ProfileRepository;
  identity: Pick<IdentityService, 'sessionContext'>;
  files: Pick<FilesService, 'store' | 'find' | 'remove'>;
  /** The owner's 'Share Insights with Clients' toggle, for assigned professionals. */
  preferences: InsightsSharing;
  /** Told after a field is saved (journal reminders follow frequency and timezone). */
  onFieldChanged?: (userId: string, field: string) => Promise<void>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function viewerOf(userId: string): Promise<ProfileViewer> {
    const context = await deps.identity.sessionContext(userId);
    return { role: context.role, selectedInterface: context.profile?.selectedInterface ?? null };
  }

  async function rowOf(userId: string): Promise<UserProfileRow> {
    return (
      (await repository.find(userId)) ??
      (await repository.ensure(userId, ((await repository.fullNameOf(userId)) ?? '').slice(0, 100)))
    );
  }

  function respond(
    row: UserProfileRow,
    viewer: ProfileViewer,
    relation: { self: boolean; sharedWithViewer: boolean },
  ): ProfileResponse {
    const all = valuesOf(row);
    const visible = visibleFields(viewer, relation);
    const editable = relation.self ? editableFields(viewer).filter((f) => visible.includes(f)) : [];
    return {
      userId: row.userId,
      self: relation.self,
      viewer: { role: viewer.role, effectiveRole: effectiveRoleOf(viewer) },
      values: Object.fromEntries(visible.map((f) => [f, all[f]])),
      visible,
      editable,
      visibility: Object.fromEntries(visible.map((f) => [f, profileField(f).visibility_default])),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The user's own avatar file behind an avatar_url, if it is one of ours. */
  async function ownAvatarFile(userId: string, avatarUrl: string) {
    if (!avatarUrl.startsWith(AVATAR_PATH_PREFIX)) return null;
    const file = await deps.files
      .find(avatarUrl.slice(AVATAR_PATH_PREFIX.length))
      .catch(() => null);
    return file?.ownerId === userId && file.purpose === AVATAR_PURPOSE ? file : null;
  }

  async function assertEditable(userId: string, field: ProfileFieldId) {
    const viewer = await viewerOf(userId);
    if (!editableFields(viewer).includes(field)) throw forbidden(READ_ONLY_MESSAGE, 'READ_ONLY');
    return viewer;
  }

  async function save(
    userId: string,
    viewer: ProfileViewer,
    field: ProfileFieldId,
    value: ProfileValue,
  ) {
    const before = await rowOf(userId);
    const row = await repository.setField(userId, field, value, now());
    if (!row) throw notFound('Profile not found');
    if (field === 'avatar_url' && before.avatarUrl !== value) {
      const previous = await ownAvatarFile(userId, before.avatarUrl);
      if (previous) await deps.files.remove([previous]);
    }
    return respond(row, viewer, { self: true, sharedWithViewer: false });
  }

  return {
    viewerOf,

    /** The signed-in user's own profile, created with defaults on first load. */
    async load(userId: string): Promise<ProfileResponse> {
      const [row, viewer] = await Promise.all([rowOf(userId), viewerOf(userId)]);
      return respond(row, viewer, { self: true, sharedWithViewer: false });
    },

    /**
     * Another person's profile as `viewerId` may see it: themself; an admin in the admin
     * interface, anyone; a professional (client interface), only users assigned to them, with the
     * owner's private fields only when the owner shares insights with clients. Anyone else: 404.
     */
    /** The user's avatar URL, if they set one (shown with the session). */
    async avatarOf(userId: string): Promise<string | null> {
      return (await repository.find(userId))?.avatarUrl || null;
    },

    async readAs(viewerId: string, userId: string): Promise<ProfileResponse> {
      if (viewerId === userId) return this.load(userId);
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
      return respond(await rowOf(userId), viewer, { self: false, sharedWithViewer });
    },

    /** One field of the user's own profile, checked against the rules and the field's limits. */
    async updateField(userId: string, field: ProfileFieldId, value: unknown) {
      const viewer = await assertEditable(userId, field);
      const parsed = profileValueSchema(field).safeParse(value);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Invalid value';
        throw badRequest(message, [{ path: field, message }], 'VALIDATION');
      }
      const saved = await save(userId, viewer, field, parsed.data as ProfileValue);
      await deps.onFieldChanged?.(userId, field);
      return saved;
    },

    /** Stores an uploaded avatar (images by content, AVATAR_POLICY) and points avatar_url at it. */
    async setAvatar(userId: string, upload: { filename: string; stream: Readable }) {
      const viewer = await assertEditable(userId, 'avatar_url');
      const file = await deps.files.store({
        ownerId: userId,
        purpose: AVATAR_PURPOSE,
        policy: AVATAR_POLICY,
        filename: upload.filename,
        stream: upload.stream,
      });
      return save(userId, viewer, 'avatar_url', `${AVATAR_PATH_PREFIX}${file.id}`);
    },

    /** An avatar for any signed-in viewer (avatars show wherever a person appears). */
    async avatarFile(fileId: string) {
      const file = await deps.files.find(fileId);
      if (file?.purpose !== AVATAR_PURPOSE) throw notFound('Avatar not found');
      return file;
    },

    /** Every field, for the owner's data export. */
    async exportFor(userId: string) {
      const row = await rowOf(userId);
      return { ...valuesOf(row), updated_at: row.updatedAt.toISOString() };
    },

    /** Delete data: the avatar file goes and every field returns to its default. */
    async reset(userId: string) {
      const row = await repository.find(userId);
      const avatar = row && (await ownAvatarFile(userId, row.avatarUrl));
      if (avatar) await deps.files.remove([avatar]);
      await repository.remove(userId);
    },
  };
}
