import type { AccountDataRegistry } from '../account/account-data.registry';
import type { FilesService } from '../files/files.service';
import type { MailPresenter } from './email-presenter';
import type { EmailRepository } from './email.repository';

/**
 * Mail's part of export and deletion. Every message has copies: "delete my data" removes the
 * person's copies and drafts, and what they sent stays with its recipients, shown as from a
 * deleted user (with the files it carries). Deleting the account does the same first; then the
 * sender and recipient ids become null and their own copies cascade away.
 */
export function registerEmailAccountData(
  registry: AccountDataRegistry,
  deps: {
    repository: Pick<EmailRepository, 'everythingOf' | 'deleteDataOf'>;
    files: Pick<FilesService, 'remove'>;
    presenter: Pick<MailPresenter, 'present'>;
  },
) {
  async function exportFor(userId: string) {
    const messages = await deps.presenter.present(await deps.repository.everythingOf(userId));
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
  }

  async function deleteDataOf(userId: string) {
    const unused = await deps.repository.deleteDataOf(userId);
    if (unused.length > 0) await deps.files.remove(unused);
  }

  registry.register({
    section: 'mail',
    tables: ['mail_messages', 'mail_recipients', 'mail_states', 'mail_attachments'],
    export: exportFor,
    deleteData: deleteDataOf,
    keepFilePurposes: ['mail-attachment'],
    onAccountDeletion: deleteDataOf,
  });
}
