import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserSearchQuerySchema } from '@kaleido/shared/chat/chat.schemas';
import { FindabilitySchema } from '@kaleido/shared/users/directory.schemas';
import { signedInUserId } from '../../http/session-guard';
import type { UsersService } from './users.service';

export function registerUsersRoutes(app: FastifyInstance, users: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' } as const;

  r.get(
    '/api/users/search',
    { config: auth, schema: { querystring: UserSearchQuerySchema } },
    (request) => users.search(signedInUserId(request), request.query.q),
  );
  // Whether people who share nothing with me may find me by name (off until I turn it on).
  r.get('/api/users/me/findability', { config: auth }, (request) =>
    users.findability(signedInUserId(request)),
  );
  r.put(
    '/api/users/me/findability',
    { config: auth, schema: { body: FindabilitySchema } },
    (request) => users.setFindability(signedInUserId(request), request.body),
  );
}
