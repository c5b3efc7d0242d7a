import type { Readable } from 'node:stream';
import { MAIL_ATTACHMENTS_MAX, MAIL_MESSAGES } from '@kaleido/shared/email/email.schemas';
import { GENERIC_UPLOAD_POLICY } from '@kaleido/shared/files/upload-policies';
import { badRequest, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { FilesService } from '../files/files.service';
import { publishChanged, removeUnusedFiles } from './email-changes';
import { ownDraft } from './email-held';
import { UUID, type MailPresenter } from './email-presenter';
import { MAIL_FILE_PURPOSE, type EmailRepository } from './email.repository';

export type EmailAttachments = ReturnType<typeof createEmailAttachments>;

const M = MAIL_MESSAGES;

/**
 * Files on mail: attached to a draft as they are chosen (at most 10), taken off it, and read
 * only by the sender and the people who hold a message carrying them (404 otherwise).
 */
export function createEmailAttachments(deps: {
  repository: Pick<
    EmailRepository,
    'findDraft' | 'attachmentsOf' | 'addAttachment' | 'removeAttachment' | 'unusedFiles' | 'fileFor'
  >;
  files: Pick<FilesService, 'store' | 'remove' | 'find'>;
  bus: Pick<EventBus, 'publish'>;
  presenter: Pick<MailPresenter, 'toAttachment'>;
}) {
  const { repository: repo } = deps;
  return {
    async attach(userId: string, draftId: string, upload: { filename: string; stream: Readable }) {
      const draft = await ownDraft(repo, userId, draftId);
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
      await publishChanged(deps.bus, userId, [draft.id]);
      return {
        attachment: deps.presenter.toAttachment({
          id: file.id,
          name: file.originalName,
          mime: file.mime,
          size: file.sizeBytes,
        }),
      };
    },

    async detach(userId: string, draftId: string, fileId: string) {
      const draft = await ownDraft(repo, userId, draftId);
      if (!UUID.test(fileId) || !(await repo.removeAttachment(draft.id, fileId)))
        throw notFound(M.attachmentNotFound);
      const file = await deps.files.find(fileId);
      if (file?.ownerId === userId) await removeUnusedFiles(deps, [fileId]);
      await publishChanged(deps.bus, userId, [draft.id]);
    },

    /** A mail file, for its sender and the people who hold a message carrying it (404 otherwise). */
    async attachmentFor(userId: string, fileId: string) {
      const file = UUID.test(fileId) ? await repo.fileFor(userId, fileId) : null;
      if (!file) throw notFound(M.attachmentNotFound);
      return file;
    },
  };
}
