import { USER_SEARCH_LIMIT, type UserSearchResult } from '@kaleido/shared/chat/chat.schemas';
import type { UsersRepository } from './users.repository';

export type UsersService = ReturnType<typeof createUsersService>;

/** Finding people to talk to (SPEC §5 User search): any signed-in user may search. */
export function createUsersService(repository: UsersRepository) {
  return {
    async search(userId: string, text: string): Promise<{ users: UserSearchResult[] }> {
      return { users: await repository.search(text, userId, USER_SEARCH_LIMIT) };
    },
  };
}
