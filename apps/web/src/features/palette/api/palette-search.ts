import type { Conversation } from '@kaleido/shared/chat/chat.schemas';

export function conversationMatches(conversation: Conversation, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return false;
  return [
    conversation.title,
    conversation.other_participant.full_name,
    conversation.other_participant.email,
  ]
    .filter((value): value is string => typeof value === 'string')
    .some((value) => value.toLowerCase().includes(needle));
}
