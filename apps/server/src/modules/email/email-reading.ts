import {
  MAIL_FOLDERS,
  type MailCounts,
  type MailFolder,
  type MailListQuery,
} from '@kaleido/shared/email/email.schemas';
import { heldMessage, messageNotFound } from './email-held';
import { decodeCursor, encodeCursor, type MailPresenter } from './email-presenter';
import type { EmailRepository } from './email.repository';

export type EmailReading = ReturnType<typeof createEmailReading>;

/** Reading one's mail: the folder counts, a page of a folder or a search, a message's thread. */
export function createEmailReading(deps: {
  repository: Pick<EmailRepository, 'counts' | 'list' | 'thread' | 'findState' | 'findMessage'>;
  presenter: Pick<MailPresenter, 'present'>;
}) {
  const { repository: repo } = deps;
  const { present } = deps.presenter;
  return {
    async counts(userId: string): Promise<{ counts: MailCounts }> {
      const rows = await repo.counts(userId);
      const counts = Object.fromEntries(
        MAIL_FOLDERS.map((f) => {
          const row = rows.find((r) => r.folder === f);
          return [f, { total: row?.total ?? 0, unread: row?.unread ?? 0 }];
        }),
      ) as MailCounts;
      return { counts };
    },

    async list(userId: string, query: MailListQuery) {
      const folder: MailFolder | undefined = query.folder ?? (query.q ? undefined : 'inbox');
      const rows = await repo.list(
        userId,
        {
          folder,
          q: query.q || undefined,
          starred: query.starred === undefined ? undefined : query.starred === 'true',
          after: query.cursor ? decodeCursor(query.cursor) : undefined,
        },
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        messages: await present(page),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.state.at, id: last.message.id })
            : null,
      };
    },

    /** A message with its thread as this person holds it. */
    async get(userId: string, id: string) {
      const { message } = await heldMessage(repo, userId, id);
      if (message.sentAt === null) throw messageNotFound();
      const thread = await present(await repo.thread(userId, message.threadId));
      const shown = thread.find((m) => m.id === id);
      if (!shown) throw messageNotFound();
      return { message: shown, thread };
    },
  };
}
