import type { CreateAccountBody } from '@kaleido/shared/admin/admin.schemas';
import { conflict, forbidden } from '../../http/errors';
import { callAuth } from '../auth/auth-call';
import type { BetterAuth } from '../auth/better-auth';
import type { IdentityRepository } from '../identity/identity.repository';
import { existingUser, keepsAnAdmin } from './admin-user-checks';
import type { AdminUsersRepository } from './admin-users.repository';
import type { AuditService } from './audit.service';

export type AdminUserLifecycle = ReturnType<typeof createAdminUserLifecycle>;

/** An account made by an administrator, its verification mail sent again, an account deleted. */
export function createAdminUserLifecycle(deps: {
  repository: AdminUsersRepository;
  identity: Pick<
    IdentityRepository,
    'markEmailVerified' | 'createProfile' | 'findUserByEmail' | 'setRole'
  >;
  audit: Pick<AuditService, 'record'>;
  auth: BetterAuth;
  removeAccount: (userId: string) => Promise<void>;
}) {
  const { repository, audit } = deps;

  return {
    async resendVerification(actorId: string, userId: string) {
      const user = await existingUser(repository, userId);
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

    async remove(actorId: string, userId: string) {
      const user = await existingUser(repository, userId);
      if (actorId === userId)
        throw forbidden('Delete your own account from your settings.', 'FORBIDDEN');
      await keepsAnAdmin(repository, user);
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
      // The administrator knows this password: the person replaces it at first sign-in.
      await deps.identity.createProfile({
        userId,
        fullName: body.fullName,
        email: body.email,
        passwordChangeRequired: true,
      });
      await deps.identity.setRole(userId, body.role);
      await audit.record({
        actorId,
        action: 'admin.account_created',
        targetUserId: userId,
        details: { role: body.role },
      });
      return existingUser(repository, userId);
    },
  };
}
