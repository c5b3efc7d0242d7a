import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { requireSession } from '../../http/session-guard';
import type { IdentityService } from '../identity/identity.service';

/**
 * The console's gate: a signed-in administrator in the admin interface. Anyone else — users,
 * clients, and admins in the user or client interface — is answered 404, as for any page that
 * is not theirs; signed out is 401.
 */
export function createAdminGate(identity: Pick<IdentityService, 'sessionContext'>) {
  return async function requireAdmin(request: FastifyRequest) {
    const state = requireSession(request);
    const context = await identity.sessionContext(state.user.id);
    if (context.role !== 'admin' || context.effectiveRole !== 'admin') throw notFound();
    return state;
  };
}
export type AdminGate = ReturnType<typeof createAdminGate>;

/** Route options that let only the console's administrators through (the gate above). */
export function adminOnly(requireAdmin: AdminGate) {
  return {
    config: { auth: 'required' as const },
    onRequest: async (request: FastifyRequest) => {
      await requireAdmin(request);
    },
  };
}
