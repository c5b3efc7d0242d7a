import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MAIL_ATTACHMENTS_MAX,
  MAIL_CONTENT_MAX,
  MAIL_FOLDERS,
  MAIL_MESSAGES,
  MAIL_RECIPIENTS_MAX,
  MAIL_SUBJECT_MAX,
  MAIL_TRASH_DAYS,
  type MailAction,
  type MailCounts,
  type MailFolder,
  type MailListQuery,
  type ReplyMode,
  type SaveDraftBody,
} from '@kaleido/shared/mailbox/mailbox.schemas';
import { GENERIC_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { ContentEvents } from '../content/content-events';
import { userRoom } from '../../realtime/rooms';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  createMailPresenter,
  decodeCursor,
  encodeCursor,
  UUID,
  type NamedFor,
} from './mailbox-presenter';
import { notificationLink } from './mailbox-delivery';
import { answerOf } from './mailbox-replies';
import { MAIL_FILE_PURPOSE, type MailboxRepository } from './mailbox.repository';

export type MailboxService = ReturnType<typeof createMailboxService>;

const DAY_MS = 24 * 60 * 60_000;
const M = MAIL_MESSAGES;

/**
 * The internal mailbox (DESIGN §9): drafts autosaved on the server, sends that validate and
 * name whoever cannot be reached (the draft stays), folders per person, threads, attachments
 * only for the people of the message. Someone else's message, draft or file answers 404.
 */
export function createMailboxService(deps: {
  repository: MailboxRepository;
  files: FilesService;
  bus: EventBus;
  notifications: Pick<NotificationsService, 'notify' | 'markReadLinked'>;
  /** Says "saved" for mail a person sends and "deleted" when their copy goes for good. */
  content?: Pick<ContentEvents, 'saved' | 'deleted'>;
  /** Tells the recipients of a sent letter (mailbox-delivery.ts, a job). */
  announce: (senderId: string, messageId: string) => Promise<void>;
  /** Which addresses the viewer may see named (users module); without it, every recipient. */
  namedFor?: NamedFor;
  now: () => Date;
}) {
  const { repository: repo, now } = deps;
  const { present, presentDraft, toAttachment } = createMailPresenter(repo, deps.namedFor);
  const messageNotFound = () => notFound(M.messageNotFound);
  const draftNotFound = () => notFound(M.draftNotFound);

  async function ownDraft(userId: string, id: string) {
    const draft = UUID.test(id) ? await repo.findDraft(userId, id) : null;
    if (!draft) throw draftNotFound();
    return draft;
  }

  async function heldMessage(userId: string, id: string) {
    const state = UUID.test(id) ? await repo.findState(userId, id) : null;
    const message = state ? await repo.findMessage(id) : null;
    if (!state || !message) throw messageNotFound();
    return { state, message };
  }

  async function changed(userId: string, ids: string[]) {
    await deps.bus.publish({ room: userRoom(userId), name: 'mail.changed', data: { ids } });
  }

  /** Copies deleted for good: files no message carries go, and what senders wrote is gone. */
  async function deletedForGood(removed: {
    fileIds: string[];
    authored: { userId: string; id: string }[];
  }) {
    await removeUnusedFiles(removed.fileIds);
    for (const { userId, id } of removed.authored)
      await deps.content?.deleted({ userId, kind: 'mail', id });
  }

  async function removeUnusedFiles(fileIds: string[]) {
    const unused = await repo.unusedFiles(fileIds);
    if (unused.length > 0) await deps.files.remove(unused);
  }

  const clean = (list: string[]) => [...new Set(list.map((a) => a.trim()).filter(Boolean))];

  async function saveDraft(userId: string, id: string, body: SaveDraftBody) {
    if (!UUID.test(id)) throw draftNotFound();
    const saved = await repo.saveDraft({
      id,
      userId,
      to: clean(body.to),
      cc: clean(body.cc),
      subject: body.subject,
      body: body.content,
      at: now(),
    });
    if (!saved) throw draftNotFound();
    return saved;
  }

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
      const { message } = await heldMessage(userId, id);
      if (message.sentAt === null) throw messageNotFound();
      const thread = await present(await repo.thread(userId, message.threadId));
      const shown = thread.find((m) => m.id === id);
      if (!shown) throw messageNotFound();
      return { message: shown, thread };
    },

    async getDraft(userId: string, id: string) {
      return { draft: await presentDraft(await ownDraft(userId, id)) };
    },

    async saveDraft(userId: string, id: string, body: SaveDraftBody) {
      const saved = await saveDraft(userId, id, body);
      await changed(userId, [id]);
      return { draft: await presentDraft(saved) };
    },

    async discardDraft(userId: string, id: string) {
      const draft = await ownDraft(userId, id);
      const attached = await repo.attachmentsOf([draft.id]);
      await repo.deleteDraft(userId, id);
      await removeUnusedFiles(attached.filter((a) => a.ownerId === userId).map((a) => a.id));
      await changed(userId, [id]);
    },

    /** A new draft answering or passing on a message, in its thread. */
    async reply(userId: string, id: string, mode: ReplyMode) {
      const { message, state } = await heldMessage(userId, id);
      if (message.sentAt === null) throw messageNotFound();
      const [shown] = await present([{ message, state }]);
      if (!shown) throw messageNotFound();
      const me = (await repo.people([userId]))[0]?.email ?? null;
      const answer = answerOf(mode, shown, { me, iSent: message.senderId === userId });
      const draftId = randomUUID();
      const saved = await repo.saveDraft({
        id: draftId,
        userId,
        threadId: message.threadId,
        inReplyTo: message.id,
        to: clean(answer.to),
        cc: clean(answer.cc),
        subject: answer.subject,
        body: answer.body,
        at: now(),
      });
      if (!saved) throw new Error('reply draft not created');
      if (mode === 'forward') await repo.copyAttachments(message.id, draftId);
      await changed(userId, [draftId]);
      return { draft: await presentDraft(saved) };
    },

    /**
     * Sends a draft (saving `body` first when given). Every refusal names the problem and keeps
     * the draft; a draft already sent answers the message it became (a retried send).
     */
    async send(userId: string, id: string, body: Partial<SaveDraftBody>) {
      if (!UUID.test(id)) throw draftNotFound();
      let draft = await repo.findDraft(userId, id);
      if (!draft) {
        const state = await repo.findState(userId, id);
        const message = state ? await repo.findMessage(id) : null;
        if (message && message.senderId === userId && message.sentAt)
          return { message: (await this.get(userId, id)).message, created: false };
        if (Object.keys(body).length === 0) throw draftNotFound();
      }
      if (Object.keys(body).length > 0 || !draft) {
        draft = await saveDraft(userId, id, {
          to: body.to ?? draft?.draftTo ?? [],
          cc: body.cc ?? draft?.draftCc ?? [],
          subject: body.subject ?? draft?.subject ?? '',
          content: body.content ?? draft?.body ?? '',
        });
      }
      const to = draft.draftTo;
      const cc = draft.draftCc;
      const refuse = (message: string, path: string, code: 'MAIL_RECIPIENTS' | 'MAIL_TOO_LONG') =>
        new AppError(400, message, { code, errors: [{ path, message }] });
      if (to.length === 0) throw refuse(M.noRecipients, 'to', 'MAIL_RECIPIENTS');
      if (to.length + cc.length > MAIL_RECIPIENTS_MAX)
        throw refuse(M.tooManyRecipients, 'to', 'MAIL_RECIPIENTS');
      if (draft.subject.length > MAIL_SUBJECT_MAX)
        throw refuse(M.subjectTooLong, 'subject', 'MAIL_TOO_LONG');
      if (draft.body.length > MAIL_CONTENT_MAX)
        throw refuse(M.contentTooLong, 'content', 'MAIL_TOO_LONG');
      if (!draft.subject.trim() && !draft.body.trim())
        throw badRequest(M.empty, [{ path: 'content', message: M.empty }], 'VALIDATION');
      const accounts = await repo.accountsByEmail([...to, ...cc]);
      const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
      if ([...to, ...cc].some((a) => byEmail.get(a.toLowerCase())?.userId === userId))
        throw refuse(M.selfRecipient, 'to', 'MAIL_RECIPIENTS');
      // An address no account uses is not refused, nor named: the letter goes to the others and
      // the sender sees what they typed (decision 045). Its announcement is a job (delivery).
      const recipients = [
        ...to.map((a) => ({ userId: byEmail.get(a.toLowerCase())?.userId, kind: 'to' as const })),
        ...cc.map((a) => ({ userId: byEmail.get(a.toLowerCase())?.userId, kind: 'cc' as const })),
      ].filter((r): r is { userId: string; kind: 'to' | 'cc' } => r.userId !== undefined);
      const sent = await repo.send({ id, senderId: userId, recipients, at: now() });
      if (!sent) return { message: (await this.get(userId, id)).message, created: false };
      await deps.announce(userId, id);
      await changed(userId, [id]);
      await deps.content?.saved({ userId, kind: 'mail', id });
      return { message: (await this.get(userId, id)).message, created: true };
    },

    async act(userId: string, ids: string[], action: MailAction) {
      let updated: string[];
      switch (action) {
        case 'read':
        case 'unread':
          updated = await repo.update(userId, ids, { read: action === 'read' });
          // Read here, so its bell notification is seen too.
          if (action === 'read')
            await deps.notifications.markReadLinked(userId, 'email', updated.map(notificationLink));
          break;
        case 'star':
        case 'unstar':
          updated = await repo.update(userId, ids, { starred: action === 'star' });
          break;
        case 'delete': {
          // For good, from the trash only.
          const removed = await repo.deleteFromTrash(userId, ids);
          await deletedForGood(removed);
          updated = removed.messageIds;
          break;
        }
        case 'archive':
        case 'inbox':
        case 'trash':
        case 'restore':
          updated = await repo.move(userId, ids, action, now());
      }
      if (updated.length > 0) await changed(userId, updated);
      return { updated, ...(await this.counts(userId)) };
    },

    async emptyTrash(userId: string) {
      const removed = await repo.deleteFromTrash(userId, null);
      await deletedForGood(removed);
      if (removed.messageIds.length > 0) await changed(userId, removed.messageIds);
      return { deleted: removed.messageIds.length };
    },

    /** Everyone's trash older than 30 days, for good (the purge job). */
    async purgeTrash() {
      const before = new Date(now().getTime() - MAIL_TRASH_DAYS * DAY_MS);
      const removed = await repo.deleteFromTrash(null, null, before);
      await deletedForGood(removed);
      return removed.messageIds.length;
    },

    async attach(userId: string, draftId: string, upload: { filename: string; stream: Readable }) {
      const draft = await ownDraft(userId, draftId);
      if ((await repo.attachmentsOf([draft.id])).length >= MAIL_ATTACHMENTS_MAX) {
        upload.stream.resume();
        throw badRequest(M.tooManyAttachments, undefined, 'MAIL_ATTACHMENTS');
      }
      const file = await deps.files.store({
        ownerId: userId,
        purpose: MAIL_FILE_PURPOSE,
        policy: GENERIC_UPLOAD_POLICY,
        filename: upload.filename,
        stream: upload.stream,
      });
      try {
        await repo.addAttachment(draft.id, file.id);
      } catch (error) {
        await deps.files.remove([file]);
        throw error;
      }
      await changed(userId, [draft.id]);
      return {
        attachment: toAttachment({
          id: file.id,
          name: file.originalName,
          mime: file.mime,
          size: file.sizeBytes,
        }),
      };
    },

    async detach(userId: string, draftId: string, fileId: string) {
      const draft = await ownDraft(userId, draftId);
      if (!UUID.test(fileId) || !(await repo.removeAttachment(draft.id, fileId)))
        throw notFound(M.attachmentNotFound);
      const file = await deps.files.find(fileId);
      if (file?.ownerId === userId) await removeUnusedFiles([fileId]);
      await changed(userId, [draft.id]);
    },

    /** A mail file, for its sender and the people who hold a message carrying it (404 otherwise). */
    async attachmentFor(userId: string, fileId: string) {
      const file = UUID.test(fileId) ? await repo.fileFor(userId, fileId) : null;
      if (!file) throw notFound(M.attachmentNotFound);
      return file;
    },

    async exportFor(userId: string) {
      const messages = await present(await repo.everythingOf(userId));
      return {
        messages: messages.map((m) => ({
          ...m,
          snippet: undefined,
          attachments: m.attachments.map((a) => ({
            id: a.id,
            name: a.name,
            mime: a.mime,
            size: a.size,
          })),
        })),
      };
    },

    async deleteDataOf(userId: string) {
      const unused = await repo.deleteDataOf(userId);
      if (unused.length > 0) await deps.files.remove(unused);
    },
  };
}
