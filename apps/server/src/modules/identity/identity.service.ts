import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@kaleido/shared/roles/roles';
import { forbidden, notFound } from '../../http/errors';
import type { IdentityRepository } from './identity.repository';

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService(repository: IdentityRepository, log: FastifyBaseLogger) {
  /** Missing role is user; a failed lookup is logged and also user (SPEC §6, §8). */
  async function roleOf(userId: string): Promise<Role> {
    try {
      return (await repository.firstRole(userId)) ?? 'user';
    } catch (error) {
      log.error({ err: error, userId }, 'role lookup failed; treating as user');
      return 'user';
    }
  }

  return {
    roleOf,

    /** Role, profile and the first-time-admin flag, as the spec's user session context. */
    async sessionContext(userId: string) {
      // Both lookups at once: every page load asks for the session.
      const [role, profile] = await Promise.all([
        roleOf(userId),
        repository.findProfile(userId).catch((error: unknown) => {
          log.error({ err: error, userId }, 'profile lookup failed');
          return null;
        }),
      ]);
      const isFirstTimeAdmin =
        role === 'admin' && profile !== null && profile.selectedInterface === null;
      // An admin's selected interface is the effective role; everyone else is their role.
      const effectiveRole: Role = role === 'admin' ? (profile?.selectedInterface ?? 'user') : role;
      return {
        role,
        effectiveRole,
        isFirstTimeAdmin,
        passwordChangeRequired: profile?.passwordChangeRequired ?? false,
        profile: profile && {
          id: profile.id,
          userId: profile.userId,
          fullName: profile.fullName,
          email: profile.email,
          selectedInterface: profile.selectedInterface,
        },
      };
    },

    async createProfile(userId: string, fullName: string, email: string) {
      await repository.createProfile({ userId, fullName, email });
    },

    async setSelectedInterface(userId: string, selectedInterface: Role) {
      if ((await roleOf(userId)) !== 'admin') {
        throw forbidden('Only administrators can switch interfaces.', 'NOT_ADMIN');
      }
      const profile = await repository.setSelectedInterface(userId, selectedInterface);
      if (!profile) throw notFound('Profile not found');
      return profile;
    },
  };
}
