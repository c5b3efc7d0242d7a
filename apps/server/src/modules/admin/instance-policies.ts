import type { FastifyInstance } from 'fastify';
import {
  ADVANCED_ANALYTICS_OFF_MESSAGE,
  AUDIO_INPUT_OFF_MESSAGE,
} from '@kaleido/shared/admin/admin.schemas';
import { forbidden } from '../../http/errors';
import type { IdentityService } from '../identity/identity.service';
import type { InstanceSettingsService } from './instance-settings.service';

/** Every route that takes a recording: refused while the instance has audio input off. */
export const AUDIO_INPUT_ROUTES = new Set([
  'POST /api/voice-notes',
  'POST /api/journal/voice-entries',
  'POST /api/chat/conversations/:id/voice',
  'POST /api/speech/transcribe',
]);

/** The insight reads (cards, their detail, personality): refused while advanced analytics is off. */
export const ADVANCED_ANALYTICS_ROUTES = new Set([
  'GET /api/insights',
  'GET /api/insights/:kind',
  'GET /api/insights/personality',
  'POST /api/insights/personality',
]);

/** What a HIPAA instance still lets a client or admin without two-factor do: set it up. */
const TWO_FACTOR_SETUP_PREFIXES = ['/api/auth/', '/api/session', '/api/config', '/api/instance/'];

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This instance requires two-factor authentication for your role. Set it up under Profile › Security to continue.';

/**
 * The instance settings that act on every request (docs/compliance.md): the audio input and
 * advanced analytics toggles,
 * and HIPAA's mandatory two-factor for clients and admins. Both are decided on the headers,
 * before a body (a recording) is read.
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
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (AUDIO_INPUT_ROUTES.has(route) && !(await deps.settings.feature('audio_input')))
      throw forbidden(AUDIO_INPUT_OFF_MESSAGE, 'FEATURE_OFF');
    if (
      ADVANCED_ANALYTICS_ROUTES.has(route) &&
      !(await deps.settings.feature('advanced_analytics'))
    )
      throw forbidden(ADVANCED_ANALYTICS_OFF_MESSAGE, 'FEATURE_OFF');
    if (state.user.twoFactorEnabled) return;
    if (TWO_FACTOR_SETUP_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if ((await deps.settings.complianceMode()) !== 'hipaa') return;
    const role = await deps.identity.roleOf(state.user.id);
    if (role === 'client' || role === 'admin')
      throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE, 'TWO_FACTOR_REQUIRED');
  });
}
