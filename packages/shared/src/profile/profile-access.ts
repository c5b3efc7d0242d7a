import type { Role } from '../roles/roles';
import {
  PROFILE_FIELDS,
  type FieldVisibility,
  type ProfileCategory,
  type ProfileFieldId,
} from './profile-fields';

/**
 * Who edits and sees which profile field (SPEC §6), as pure functions the server enforces and the
 * web mirrors to disable fields. An admin acts through their selected interface; a non-admin is
 * their role. See docs/decisions/006-profile-visibility.md.
 */
export interface ProfileViewer {
  role: Role;
  /** An admin's selected interface (null before a first-time admin chooses). */
  selectedInterface: Role | null;
}

export function effectiveRoleOf(viewer: ProfileViewer): Role {
  return viewer.role === 'admin' ? (viewer.selectedInterface ?? 'user') : viewer.role;
}

/**
 * "user edits user fields only; client edits client and user fields; admin in user mode edits
 * user fields; in client mode client fields only; in admin mode all."
 */
export function editableCategories(viewer: ProfileViewer): readonly ProfileCategory[] {
  if (viewer.role !== 'admin') return viewer.role === 'client' ? ['user', 'client'] : ['user'];
  switch (effectiveRoleOf(viewer)) {
    case 'admin':
      return ['user', 'client', 'admin'];
    case 'client':
      return ['client'];
    case 'user':
      return ['user'];
  }
}

/**
 * "user sees user fields; client sees user and client; admin in admin mode sees all; in client
 * mode user and client; otherwise user."
 */
export function visibleCategories(viewer: ProfileViewer): readonly ProfileCategory[] {
  switch (effectiveRoleOf(viewer)) {
    case 'admin':
      return ['user', 'client', 'admin'];
    case 'client':
      return ['user', 'client'];
    case 'user':
      return ['user'];
  }
}

/**
 * "private_self and public_clients visible to everyone; public_admins visible to admin and client;
 * admin_only only to an admin in admin mode." That reads the owner's own page. For another
 * person's profile, private_self is the owner's: an assigned professional sees it only when the
 * owner turned on 'Share Insights with Clients'.
 */
export function visibilityAllows(
  viewer: ProfileViewer,
  visibility: FieldVisibility,
  relation: { self: boolean; sharedWithViewer: boolean },
): boolean {
  const effective = effectiveRoleOf(viewer);
  switch (visibility) {
    case 'private_self':
      return relation.self || relation.sharedWithViewer;
    case 'public_clients':
      return true;
    case 'public_admins':
      return effective === 'admin' || effective === 'client';
    case 'admin_only':
      return effective === 'admin';
  }
}

export function visibleFields(
  viewer: ProfileViewer,
  relation: { self: boolean; sharedWithViewer: boolean } = { self: true, sharedWithViewer: false },
): ProfileFieldId[] {
  const categories = visibleCategories(viewer);
  return PROFILE_FIELDS.filter(
    (f) =>
      categories.includes(f.category) && visibilityAllows(viewer, f.visibility_default, relation),
  ).map((f) => f.field_id);
}

/** Fields the viewer may change on their own profile. */
export function editableFields(viewer: ProfileViewer): ProfileFieldId[] {
  const categories = editableCategories(viewer);
  return PROFILE_FIELDS.filter((f) => categories.includes(f.category)).map((f) => f.field_id);
}
