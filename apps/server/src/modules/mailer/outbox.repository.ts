import { desc } from 'drizzle-orm';
import type { MailKind } from '@kaleido/shared/admin/admin.schemas';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema/platform';

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

export function createOutboxRepository(db: Db) {
  return {
    async insert(row: {
      kind: MailKind;
      to: string;
      subject: string;
      text: string;
      html?: string | undefined;
    }) {
      await db.insert(outboxEmails).values(row);
    },
    /** Whole mails, links included: for /dev/mailbox on this machine in development only. */
    async listNewestFirst(limit: number) {
      return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
    },
    /**
     * That mails went out, for the admin console: the columns selected leave out the subject,
     * the text and the HTML, so no body or token is ever read for an admin.
     */
    async listSentNewestFirst(limit: number) {
      return db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          kind: outboxEmails.kind,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(limit);
    },
  };
}
