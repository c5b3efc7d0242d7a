import {
  editableFields,
  effectiveRoleOf,
  visibleFields,
  type ProfileViewer,
} from '@kaleido/shared/profile/profile-access';
import { profileField } from '@kaleido/shared/profile/profile-fields';
import type { ProfileResponse } from '@kaleido/shared/profile/profile.schemas';
import { valuesOf, type UserProfileRow } from './profile.repository';

/**
 * The profile as one viewer may see it (SPEC §6): only the fields visible to them, and, to its
 * owner, which of those they may edit. Reads and edits answer with it alike.
 */
export function profileResponse(
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
