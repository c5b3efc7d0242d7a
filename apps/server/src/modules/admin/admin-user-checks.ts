import { LAST_ADMIN_MESSAGE } from '@kaleido/shared/admin/admin.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
import { conflict, notFound } from '../../http/errors';
import type { AdminUsersRepository } from './admin-users.repository';

/** The account an action names, or 404. */
export async function existingUser(repository: Pick<AdminUsersRepository, 'find'>, userId: string) {
  const user = await repository.find(userId);
  if (!user) throw notFound('No such account');
  return user;
}

/**
 * The instance always keeps an administrator: the last one cannot lose the role, be disabled
 * or be deleted.
 */
export async function keepsAnAdmin(
  repository: Pick<AdminUsersRepository, 'countAdmins'>,
  user: { role: Role },
) {
  if (user.role === 'admin' && (await repository.countAdmins()) <= 1)
    throw conflict(LAST_ADMIN_MESSAGE, 'LAST_ADMIN');
}
