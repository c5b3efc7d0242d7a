import type { Cohort } from '@kaleido/shared/admin/admin.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
import { forbidden } from '../../http/errors';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import type { IdentityRepository } from '../identity/identity.repository';
import { existingUser, keepsAnAdmin } from './admin-user-checks';
import type { AdminUsersRepository } from './admin-users.repository';
import type { AuditService } from './audit.service';

export type AdminUserAccess = ReturnType<typeof createAdminUserAccess>;

/**
 * What an account may do, set by an administrator: its role, whether it is enabled, its
 * sessions, its research cohort. Each change is audited.
 */
export function createAdminUserAccess(deps: {
  repository: AdminUsersRepository;
  identity: Pick<IdentityRepository, 'setRole'>;
  audit: Pick<AuditService, 'record'>;
  announceSessionEnded: AnnounceSessionEnded;
  now: () => Date;
}) {
  const { repository, audit } = deps;

  async function endSessions(userId: string) {
    const ended = await repository.deleteSessions(userId);
    deps.announceSessionEnded(userId, { reason: 'revoked' });
    return ended;
  }

  return {
    async changeRole(actorId: string, userId: string, role: Role) {
      const user = await existingUser(repository, userId);
      if (user.role === role) return user;
      await keepsAnAdmin(repository, user);
      await deps.identity.setRole(userId, role);
      await audit.record({
        actorId,
        action: 'admin.role_changed',
        targetUserId: userId,
        details: { from: user.role, to: role },
      });
      return existingUser(repository, userId);
    },

    async setDisabled(actorId: string, userId: string, disabled: boolean) {
      const user = await existingUser(repository, userId);
      if (disabled && actorId === userId)
        throw forbidden('You cannot disable your own account.', 'FORBIDDEN');
      if (disabled) await keepsAnAdmin(repository, user);
      await repository.setFlags(userId, { disabledAt: disabled ? deps.now() : null }, deps.now());
      const sessionsEnded = disabled ? await endSessions(userId) : 0;
      await audit.record({
        actorId,
        action: disabled ? 'admin.account_disabled' : 'admin.account_enabled',
        targetUserId: userId,
        details: disabled ? { sessionsEnded } : {},
      });
      return existingUser(repository, userId);
    },

    async signOut(actorId: string, userId: string) {
      await existingUser(repository, userId);
      const sessionsEnded = await endSessions(userId);
      await audit.record({
        actorId,
        action: 'admin.signed_out',
        targetUserId: userId,
        details: { sessionsEnded },
      });
      return { sessionsEnded };
    },

    async setCohort(actorId: string, userId: string, cohort: Cohort | null) {
      const user = await existingUser(repository, userId);
      await repository.setFlags(userId, { cohort }, deps.now());
      await audit.record({
        actorId,
        action: 'admin.cohort_changed',
        targetUserId: userId,
        details: { from: user.cohort, to: cohort },
      });
      return existingUser(repository, userId);
    },
  };
}
