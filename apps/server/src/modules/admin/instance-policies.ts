import type { FastifyInstance } from 'fastify';
import { FEATURE_OFF_MESSAGES } from '@kaleido/shared/admin/admin.schemas';
import { forbidden } from '../../http/errors';
import type {} from '../../http/route-policy';
import type { IdentityService } from '../identity/identity.service';
import type { InstanceSettingsService } from './instance-settings.service';

/** What a HIPAA instance still lets a client or admin without two-factor do: set it up. */
const TWO_FACTOR_SETUP_PREFIXES = ['/api/auth/', '/api/session', '/api/config', '/api/instance/'];

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This instance requires two-factor authentication for your role. Set it up under Profile › Security to continue.';

/**
 * The instance settings that act on every request (docs/compliance.md): the feature toggles a
 * route declares it requires (`config: { requires: ['audio_input'] }` on its options; decision
 * 051), and HIPAA's mandatory two-factor for clients and admins. Both are decided on the
 * headers, before a body (a recording) is read.
 */
export function registerInstancePolicies(
  app: FastifyInstance,
  deps: {
    settings: InstanceSettingsService;
    identity: Pick<IdentityService, 'roleOf'>;
  },
) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const state = request.sessionState;
    if (state?.kind !== 'active') return;
    for (const feature of request.routeOptions.config.requires ?? [])
      if (!(await deps.settings.feature(feature)))
        throw forbidden(FEATURE_OFF_MESSAGES[feature], 'FEATURE_OFF');
    if (state.user.twoFactorEnabled) return;
    if (TWO_FACTOR_SETUP_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if ((await deps.settings.complianceMode()) !== 'hipaa') return;
    const role = await deps.identity.roleOf(state.user.id);
    if (role === 'client' || role === 'admin')
      throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE, 'TWO_FACTOR_REQUIRED');
  });
}
