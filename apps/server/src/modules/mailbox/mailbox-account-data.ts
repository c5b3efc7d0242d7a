import type { AccountDataRegistry } from '../account/account-data.registry';
import type { MailboxService } from './mailbox.service';

/**
 * Mail's part of export and deletion. Every message has copies: "delete my data" removes the
 * person's copies and drafts, and what they sent stays with its recipients, shown as from a
 * deleted user (with the files it carries). Deleting the account does the same first; then the
 * sender and recipient ids become null and their own copies cascade away.
 */
export function registerMailboxAccountData(
  registry: AccountDataRegistry,
  mailbox: Pick<MailboxService, 'exportFor' | 'deleteDataOf'>,
) {
  registry.register({
    section: 'mail',
    tables: ['mail_messages', 'mail_recipients', 'mail_states', 'mail_attachments'],
    export: (userId) => mailbox.exportFor(userId),
    deleteData: (userId) => mailbox.deleteDataOf(userId),
    keepFilePurposes: ['mail-attachment'],
    onAccountDeletion: (userId) => mailbox.deleteDataOf(userId),
  });
}
