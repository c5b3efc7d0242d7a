import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SelectedInterfaceBodySchema } from '@kaleido/shared/auth/auth.schemas';
import { requireSession } from '../../http/session-guard';
import type { AccountsService } from './accounts.service';

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/profile/selected-interface',
    { schema: { body: SelectedInterfaceBodySchema } },
    async (request) => {
      const { user } = requireSession(request, 'No user logged in');
      const profile = await accounts.setSelectedInterface(user.id, request.body.selectedInterface);
      return { selectedInterface: profile.selectedInterface };
    },
  );
}
