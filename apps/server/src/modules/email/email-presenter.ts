import {
  MAIL_MESSAGES,
  snippetOf,
  type MailAttachment,
  type MailDraft,
  type MailMessage,
  type MailPerson,
} from '@kaleido/shared/email/email.schemas';
import { AppError } from '../../http/errors';
import type {
  FolderCursor,
  ListedRow,
  EmailRepository,
  MailMessageRow,
  PersonRow,
} from './email.repository';

const M = MAIL_MESSAGES;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const attachmentUrl = (fileId: string) => `/api/email/attachments/${fileId}`;

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

export type MailPresenter = ReturnType<typeof createMailPresenter>;

/** Of some addresses, the accounts the viewer may know by name (users module, decision 045). */
export type NamedFor = (viewerId: string, emails: string[]) => Promise<Map<string, PersonRow>>;

/**
 * Rows as the API shows them: people by name (a deleted sender as such), recipients, files.
 * With `namedFor`, a sent message's to and cc are the addresses its sender typed, each named
 * only when the viewer may know that person: an address no account uses looks like any other.
 */
export function createMailPresenter(
  repo: Pick<EmailRepository, 'recipientsOf' | 'attachmentsOf' | 'people'>,
  namedFor?: NamedFor,
) {
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
    const typedOf = (m: MailMessageRow) =>
      namedFor && m.sentAt !== null && m.draftTo.length + m.draftCc.length > 0;
    const addressesOf = new Map<string, Set<string>>();
    for (const { message, state } of rows)
      if (typedOf(message)) {
        const set = addressesOf.get(state.userId) ?? new Set<string>();
        for (const a of [...message.draftTo, ...message.draftCc]) set.add(a.toLowerCase());
        addressesOf.set(state.userId, set);
      }
    const named = new Map<string, Map<string, PersonRow>>();
    for (const [viewer, addresses] of addressesOf)
      if (namedFor) named.set(viewer, await namedFor(viewer, [...addresses]));
    const shown = (viewer: string, address: string): MailPerson => {
      const p = named.get(viewer)?.get(address.toLowerCase());
      return p
        ? { userId: p.userId, name: p.fullName || p.email, email: p.email }
        : addressPerson(address);
    };
    return rows.map(({ message, state }) => {
      const mine = recipients.filter((r) => r.messageId === message.id);
      const draft = message.sentAt === null;
      if (typedOf(message)) {
        const as = (list: string[]) => list.map((a) => shown(state.userId, a));
        return shape(message, state, as(message.draftTo), as(message.draftCc));
      }
      return shape(
        message,
        state,
        draft
          ? message.draftTo.map(addressPerson)
          : mine.filter((r) => r.kind === 'to').map((r) => personOf(people, r.userId)),
        draft
          ? message.draftCc.map(addressPerson)
          : mine.filter((r) => r.kind === 'cc').map((r) => personOf(people, r.userId)),
      );
    });

    function shape(
      message: MailMessageRow,
      state: ListedRow['state'],
      to: MailPerson[],
      cc: MailPerson[],
    ): MailMessage {
      return {
        id: message.id,
        threadId: message.threadId,
        inReplyTo: message.inReplyTo,
        from: personOf(people, message.senderId),
        to,
        cc,
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
    }
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
