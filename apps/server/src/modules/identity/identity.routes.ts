import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SelectedInterfaceBodySchema } from '@kaleido/shared/auth/auth.schemas';
import { requireSession } from '../../http/session-guard';
import type { IdentityService } from './identity.service';

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/profile/selected-interface',
    {
      config: { auth: 'required', unauthorizedMessage: 'No user logged in' },
      schema: { body: SelectedInterfaceBodySchema },
    },
    async (request) => {
      const { user } = requireSession(request, 'No user logged in');
      const profile = await identity.setSelectedInterface(user.id, request.body.selectedInterface);
      return { selectedInterface: profile.selectedInterface };
    },
  );
}
