import type {
  AdminUserDetail,
  AdminUserPage,
  UserListQuery,
} from '@kaleido/shared/admin/admin.schemas';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { existingUser } from './admin-user-checks';
import type { AdminUsersRepository } from './admin-users.repository';

export type AdminUserReads = ReturnType<typeof createAdminUserReads>;

/** The console's list of accounts and one person's admin view: no content, only the account. */
export function createAdminUserReads(deps: {
  repository: AdminUsersRepository;
  securityEvents: Pick<SecurityEventsService, 'recent'>;
  now: () => Date;
}) {
  const { repository } = deps;

  return {
    async list(query: UserListQuery): Promise<AdminUserPage> {
      const { users, total } = await repository.list(query);
      return { users, total, page: query.page, pageSize: query.pageSize };
    },

    async detail(userId: string): Promise<AdminUserDetail> {
      const user = await existingUser(repository, userId);
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
  };
}
