import {
  LAST_ADMIN_MESSAGE,
  type AdminUserDetail,
  type AdminUserPage,
  type Cohort,
  type CreateAccountBody,
  type UserListQuery,
} from '@kaleido/shared/admin/admin.schemas';
import type { Role } from '@kaleido/shared/roles/roles';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { AnnounceSessionEnded } from '../../realtime/session-ended';
import { callAuth } from '../auth/auth-call';
import type { BetterAuth } from '../auth/better-auth';
import type { IdentityRepository } from '../identity/identity.repository';
import type { SecurityEventsService } from '../security-events/security-events.service';
import type { AdminUsersRepository } from './admin-users.repository';
import type { AuditService } from './audit.service';

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/**
 * What administrators do to accounts. Each action is audited; none reads a person's content.
 * The instance always keeps an administrator: the last one cannot lose the role, be disabled
 * or be deleted.
 */
export function createAdminUsersService(deps: {
  repository: AdminUsersRepository;
  identity: Pick<
    IdentityRepository,
    'setRole' | 'markEmailVerified' | 'createProfile' | 'findUserByEmail'
  >;
  securityEvents: Pick<SecurityEventsService, 'recent' | 'record'>;
  audit: Pick<AuditService, 'record'>;
  auth: BetterAuth;
  announceSessionEnded: AnnounceSessionEnded;
  removeAccount: (userId: string) => Promise<void>;
  now: () => Date;
}) {
  const { repository, audit } = deps;

  async function existing(userId: string) {
    const user = await repository.find(userId);
    if (!user) throw notFound('No such account');
    return user;
  }

  async function keepsAnAdmin(user: { role: Role }) {
    if (user.role === 'admin' && (await repository.countAdmins()) <= 1)
      throw conflict(LAST_ADMIN_MESSAGE, 'LAST_ADMIN');
  }

  async function endSessions(userId: string) {
    const ended = await repository.deleteSessions(userId);
    deps.announceSessionEnded(userId, { reason: 'revoked' });
    return ended;
  }

  return {
    async list(query: UserListQuery): Promise<AdminUserPage> {
      const { users, total } = await repository.list(query);
      return { users, total, page: query.page, pageSize: query.pageSize };
    },

    async detail(userId: string): Promise<AdminUserDetail> {
      const user = await existing(userId);
      const [sessions, securityEvents] = await Promise.all([
        repository.sessionsOf(userId, deps.now()),
        deps.securityEvents.recent(userId, 50),
      ]);
      return {
        user,
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastActiveAt: s.lastActiveAt.toISOString(),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
        })),
        securityEvents,
      };
    },

    async changeRole(actorId: string, userId: string, role: Role) {
      const user = await existing(userId);
      if (user.role === role) return user;
      await keepsAnAdmin(user);
      await deps.identity.setRole(userId, role);
      await audit.record({
        actorId,
        action: 'admin.role_changed',
        targetUserId: userId,
        details: { from: user.role, to: role },
      });
      return existing(userId);
    },

    async setDisabled(actorId: string, userId: string, disabled: boolean) {
      const user = await existing(userId);
      if (disabled && actorId === userId)
        throw forbidden('You cannot disable your own account.', 'FORBIDDEN');
      if (disabled) await keepsAnAdmin(user);
      await repository.setFlags(userId, { disabledAt: disabled ? deps.now() : null }, deps.now());
      const sessionsEnded = disabled ? await endSessions(userId) : 0;
      await audit.record({
        actorId,
        action: disabled ? 'admin.account_disabled' : 'admin.account_enabled',
        targetUserId: userId,
        details: disabled ? { sessionsEnded } : {},
      });
      return existing(userId);
    },

    async signOut(actorId: string, userId: string) {
      await existing(userId);
      const sessionsEnded = await endSessions(userId);
      await audit.record({
        actorId,
        action: 'admin.signed_out',
        targetUserId: userId,
        details: { sessionsEnded },
      });
      return { sessionsEnded };
    },

    async resendVerification(actorId: string, userId: string) {
      const user = await existing(userId);
      if (user.emailVerified) return { sent: false };
      await callAuth(() =>
        deps.auth.api.sendVerificationEmail({
          body: { email: user.email, callbackURL: '/' },
          headers: new Headers(),
          returnHeaders: true,
        }),
      );
      await audit.record({ actorId, action: 'admin.verification_resent', targetUserId: userId });
      return { sent: true };
    },

    async setCohort(actorId: string, userId: string, cohort: Cohort | null) {
      const user = await existing(userId);
      await repository.setFlags(userId, { cohort }, deps.now());
      await audit.record({
        actorId,
        action: 'admin.cohort_changed',
        targetUserId: userId,
        details: { from: user.cohort, to: cohort },
      });
      return existing(userId);
    },

    async remove(actorId: string, userId: string) {
      const user = await existing(userId);
      if (actorId === userId)
        throw forbidden('Delete your own account from your settings.', 'FORBIDDEN');
      await keepsAnAdmin(user);
      // Recorded first: the row stays, and its link to the person goes with the account.
      await audit.record({
        actorId,
        action: 'admin.account_deleted',
        targetUserId: userId,
        details: { role: user.role },
      });
      await deps.removeAccount(userId);
    },

    async create(actorId: string, body: CreateAccountBody) {
      if (await deps.identity.findUserByEmail(body.email))
        throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
      const { response } = await callAuth(() =>
        deps.auth.api.signUpEmail({
          body: { email: body.email, password: body.password, name: body.fullName },
          returnHeaders: true,
        }),
      );
      const userId = response.user.id;
      await deps.identity.markEmailVerified(userId);
      await deps.identity.createProfile({ userId, fullName: body.fullName, email: body.email });
      await deps.identity.setRole(userId, body.role);
      await audit.record({
        actorId,
        action: 'admin.account_created',
        targetUserId: userId,
        details: { role: body.role },
      });
      return existing(userId);
    },
  };
}
