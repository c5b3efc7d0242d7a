import { randomUUID } from 'node:crypto';
import type { ReplyMode, SaveDraftBody } from '@kaleido/shared/email/email.schemas';
import type { EventBus } from '../../realtime/event-bus';
import type { FilesService } from '../files/files.service';
import { publishChanged, removeUnusedFiles } from './email-changes';
import { draftNotFound, heldMessage, messageNotFound, ownDraft } from './email-held';
import { UUID, type MailPresenter } from './email-presenter';
import { answerOf } from './email-replies';
import type { EmailRepository } from './email.repository';

export type EmailDrafts = ReturnType<typeof createEmailDrafts>;

const cleanAddresses = (list: string[]) => [...new Set(list.map((a) => a.trim()).filter(Boolean))];

/**
 * Writes a person's draft as typed (addresses trimmed, each once); 404 when the id is not a
 * UUID or is someone else's message or a sent one. Saving and sending both start here.
 */
export async function writeDraft(
  deps: { repository: Pick<EmailRepository, 'saveDraft'>; now: () => Date },
  userId: string,
  id: string,
  body: SaveDraftBody,
) {
  if (!UUID.test(id)) throw draftNotFound();
  const saved = await deps.repository.saveDraft({
    id,
    userId,
    to: cleanAddresses(body.to),
    cc: cleanAddresses(body.cc),
    subject: body.subject,
    body: body.content,
    at: deps.now(),
  });
  if (!saved) throw draftNotFound();
  return saved;
}

/**
 * Drafts autosaved on the server (DESIGN §9): read, saved, discarded, and the new draft a
 * reply, reply-all or forward starts in the thread of the message it answers.
 */
export function createEmailDrafts(deps: {
  repository: Pick<
    EmailRepository,
    | 'findDraft'
    | 'saveDraft'
    | 'deleteDraft'
    | 'attachmentsOf'
    | 'unusedFiles'
    | 'findState'
    | 'findMessage'
    | 'people'
    | 'copyAttachments'
  >;
  files: Pick<FilesService, 'remove'>;
  bus: Pick<EventBus, 'publish'>;
  presenter: Pick<MailPresenter, 'present' | 'presentDraft'>;
  now: () => Date;
}) {
  const { repository: repo, now } = deps;
  const { present, presentDraft } = deps.presenter;
  return {
    async getDraft(userId: string, id: string) {
      return { draft: await presentDraft(await ownDraft(repo, userId, id)) };
    },

    async saveDraft(userId: string, id: string, body: SaveDraftBody) {
      const saved = await writeDraft(deps, userId, id, body);
      await publishChanged(deps.bus, userId, [id]);
      return { draft: await presentDraft(saved) };
    },

    async discardDraft(userId: string, id: string) {
      const draft = await ownDraft(repo, userId, id);
      const attached = await repo.attachmentsOf([draft.id]);
      await repo.deleteDraft(userId, id);
      await removeUnusedFiles(
        deps,
        attached.filter((a) => a.ownerId === userId).map((a) => a.id),
      );
      await publishChanged(deps.bus, userId, [id]);
    },

    /** A new draft answering or passing on a message, in its thread. */
    async reply(userId: string, id: string, mode: ReplyMode) {
      const { message, state } = await heldMessage(repo, userId, id);
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
        to: cleanAddresses(answer.to),
        cc: cleanAddresses(answer.cc),
        subject: answer.subject,
        body: answer.body,
        at: now(),
      });
      if (!saved) throw new Error('reply draft not created');
      if (mode === 'forward') await repo.copyAttachments(message.id, draftId);
      await publishChanged(deps.bus, userId, [draftId]);
      return { draft: await presentDraft(saved) };
    },
  };
}
