import type { AccountDataRegistry } from '../account/account-data.registry';
import type { ChatConversations } from './chat-conversations';

/**
 * Chat's part of export and deletion. Messages belong to both participants: "delete my data"
 * keeps them and the files in them (the partner received those), and deleting the account keeps
 * them too — `user_inputs.user_id` is `on delete set null`, shown as 'Deleted user'. The
 * account's own files (what it sent) go with the account.
 */
export function registerChatAccountData(
  registry: AccountDataRegistry,
  chat: Pick<ChatConversations, 'exportFor'>,
) {
  registry.register({
    section: 'chat',
    tables: ['conversations', 'user_inputs', 'conversation_reads'],
    export: (userId) => chat.exportFor(userId),
    keepFilePurposes: ['chat-media', 'chat-voice'],
  });
}
