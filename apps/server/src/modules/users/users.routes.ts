import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserSearchQuerySchema } from '@kaleido/shared/chat/chat.schemas';
import { requireSession } from '../../http/session-guard';
import type { UsersService } from './users.service';

export function registerUsersRoutes(app: FastifyInstance, users: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/search',
    { config: { auth: 'required' }, schema: { querystring: UserSearchQuerySchema } },
    (request) => users.search(requireSession(request).user.id, request.query.q),
  );
}
