import type { Readable } from 'node:stream';
import { AVATAR_POLICY } from '@kaleido/shared/files/upload-policies';
import { editableFields, type ProfileViewer } from '@kaleido/shared/profile/profile-access';
import { READ_ONLY_MESSAGE, type ProfileFieldId } from '@kaleido/shared/profile/profile-fields';
import {
  AVATAR_PATH_PREFIX,
  profileValueSchema,
  type ProfileValue,
} from '@kaleido/shared/profile/profile.schemas';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { FilesService } from '../files/files.service';
import type { ProfileReads } from './profile-reads';
import { profileResponse } from './profile-response';
import type { ProfileRepository } from './profile.repository';

export type ProfileEdits = ReturnType<typeof createProfileEdits>;

const AVATAR_PURPOSE = 'avatar';

/**
 * The owner's changes to their profile (SPEC §6): one field at a time, only a field the viewer
 * may edit; the avatar as an uploaded file, the replaced one removed; and the reset of "Delete
 * my data".
 */
export function createProfileEdits(deps: {
  repository: Pick<ProfileRepository, 'find' | 'setField' | 'remove'>;
  reads: Pick<ProfileReads, 'viewerOf' | 'rowOf'>;
  files: Pick<FilesService, 'store' | 'find' | 'remove'>;
  /** Told after a field is saved (journal reminders follow frequency and timezone). */
  onFieldChanged?: (userId: string, field: string) => Promise<void>;
  now?: () => Date;
}) {
  const { repository, reads } = deps;
  const now = deps.now ?? (() => new Date());

  /** The user's own avatar file behind an avatar_url, if it is one of ours. */
  async function ownAvatarFile(userId: string, avatarUrl: string) {
    if (!avatarUrl.startsWith(AVATAR_PATH_PREFIX)) return null;
    const file = await deps.files
      .find(avatarUrl.slice(AVATAR_PATH_PREFIX.length))
      .catch(() => null);
    return file?.ownerId === userId && file.purpose === AVATAR_PURPOSE ? file : null;
  }

  async function assertEditable(userId: string, field: ProfileFieldId) {
    const viewer = await reads.viewerOf(userId);
    if (!editableFields(viewer).includes(field)) throw forbidden(READ_ONLY_MESSAGE, 'READ_ONLY');
    return viewer;
  }

  async function save(
    userId: string,
    viewer: ProfileViewer,
    field: ProfileFieldId,
    value: ProfileValue,
  ) {
    const before = await reads.rowOf(userId);
    const row = await repository.setField(userId, field, value, now());
    if (!row) throw notFound('Profile not found');
    if (field === 'avatar_url' && before.avatarUrl !== value) {
      const previous = await ownAvatarFile(userId, before.avatarUrl);
      if (previous) await deps.files.remove([previous]);
    }
    return profileResponse(row, viewer, { self: true, sharedWithViewer: false });
  }

  return {
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

    /** Delete data: the avatar file goes and every field returns to its default. */
    async reset(userId: string) {
      const row = await repository.find(userId);
      const avatar = row && (await ownAvatarFile(userId, row.avatarUrl));
      if (avatar) await deps.files.remove([avatar]);
      await repository.remove(userId);
    },
  };
}
