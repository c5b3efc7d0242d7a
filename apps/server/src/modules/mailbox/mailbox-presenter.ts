import {
  MAIL_MESSAGES,
  snippetOf,
  type MailAttachment,
  type MailDraft,
  type MailMessage,
  type MailPerson,
} from '@kaleido/shared/mailbox/mailbox.schemas';
import { AppError } from '../../http/errors';
import type {
  FolderCursor,
  ListedRow,
  MailboxRepository,
  MailMessageRow,
  PersonRow,
} from './mailbox.repository';

const M = MAIL_MESSAGES;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const attachmentUrl = (fileId: string) => `/api/mail/attachments/${fileId}`;

/** A folder position as the API hands it out (opaque) and takes it back. */
export function encodeCursor(c: FolderCursor): string {
  return Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');
}
export function decodeCursor(text: string): FolderCursor {
  const [at, id] = Buffer.from(text, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(date.getTime()))
    throw new AppError(400, 'That page no longer exists. Please reload the list.', {
      code: 'BAD_CURSOR',
    });
  return { at: date, id };
}

/** Rows as the API shows them: people by name (a deleted sender as such), recipients, files. */
export function createMailPresenter(repo: MailboxRepository) {
  const personOf = (people: Map<string, PersonRow>, userId: string | null): MailPerson => {
    const p = userId ? people.get(userId) : undefined;
    return p
      ? { userId: p.userId, name: p.fullName || p.email, email: p.email }
      : { userId: null, name: M.deletedUser, email: null };
  };
  const addressPerson = (address: string): MailPerson => ({
    userId: null,
    name: address,
    email: address,
  });

  /** Rows with their people, recipients and attachments, as the API shows them. */
  async function present(rows: ListedRow[]): Promise<MailMessage[]> {
    const ids = rows.map((r) => r.message.id);
    const [recipients, attachments] = await Promise.all([
      repo.recipientsOf(ids),
      repo.attachmentsOf(ids),
    ]);
    const userIds = new Set<string>();
    for (const r of rows) if (r.message.senderId) userIds.add(r.message.senderId);
    for (const r of recipients) if (r.userId) userIds.add(r.userId);
    const people = new Map((await repo.people([...userIds])).map((p) => [p.userId, p]));
    return rows.map(({ message, state }) => {
      const mine = recipients.filter((r) => r.messageId === message.id);
      const draft = message.sentAt === null;
      return {
        id: message.id,
        threadId: message.threadId,
        inReplyTo: message.inReplyTo,
        from: personOf(people, message.senderId),
        to: draft
          ? message.draftTo.map(addressPerson)
          : mine.filter((r) => r.kind === 'to').map((r) => personOf(people, r.userId)),
        cc: draft
          ? message.draftCc.map(addressPerson)
          : mine.filter((r) => r.kind === 'cc').map((r) => personOf(people, r.userId)),
        subject: message.subject,
        content: message.body,
        snippet: snippetOf(message.body),
        timestamp: (message.sentAt ?? message.updatedAt).toISOString(),
        isRead: state.read,
        isStarred: state.starred,
        folder: state.folder,
        attachments: attachments
          .filter((a) => a.messageId === message.id)
          .map((a) => toAttachment(a)),
      };
    });
  }

  function toAttachment(a: {
    id: string;
    name: string;
    mime: string;
    size: number;
  }): MailAttachment {
    return { id: a.id, name: a.name, mime: a.mime, size: a.size, url: attachmentUrl(a.id) };
  }

  async function presentDraft(row: MailMessageRow): Promise<MailDraft> {
    const attachments = await repo.attachmentsOf([row.id]);
    return {
      id: row.id,
      threadId: row.threadId,
      inReplyTo: row.inReplyTo,
      to: row.draftTo,
      cc: row.draftCc,
      subject: row.subject,
      content: row.body,
      attachments: attachments.map(toAttachment),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return { present, presentDraft, toAttachment };
}
