import { USER_SEARCH_LIMIT, type UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import type { Findability } from '@kaleido/shared/users/directory.schemas';
import type { DirectoryRepository } from './directory.repository';

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * Finding people to talk to (SPEC §5 User search, narrowed by docs/decisions/045): the people a
 * person knows, those who chose to be findable, or everyone when the instance opened its
 * directory (the `open_directory` toggle). Calls, new conversations and voice notes ask
 * `mayReach` so the API cannot go around the pickers.
 */
export function createUsersService(deps: {
  repository: DirectoryRepository;
  openDirectory: () => Promise<boolean>;
  now: () => Date;
}) {
  const { repository } = deps;
  return {
    async search(userId: string, text: string): Promise<{ users: UserSearchResult[] }> {
      const open = await deps.openDirectory();
      return { users: await repository.search(text, userId, USER_SEARCH_LIMIT, open) };
    },
    async mayReach(userId: string, otherId: string): Promise<boolean> {
      return repository.mayReach(userId, otherId, await deps.openDirectory());
    },
    /** Names `viewerId` may see for these addresses, by lower-cased address (mail's to/cc). */
    async namedFor(viewerId: string, emails: string[]) {
      const rows = await repository.namedFor(viewerId, emails, await deps.openDirectory());
      return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
    },
    async findability(userId: string): Promise<Findability> {
      return { findable: await repository.findable(userId) };
    },
    async setFindability(userId: string, body: Findability): Promise<Findability> {
      await repository.setFindable(userId, body.findable, deps.now());
      return body;
    },
  };
}
