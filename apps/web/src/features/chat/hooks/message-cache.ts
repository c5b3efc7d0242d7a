import type { Message } from '@kaleido/shared/chat/chat.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../api/chat-requests';

/** What the composer hands over to send: text, a file, or a recorded voice message. */
export type Outgoing =
  | { kind: 'text'; content: string }
  | { kind: 'attachment'; file: File }
  | { kind: 'voice'; audio: Blob; url: string };

/** A message as the pane shows it: stored, or still on its way (`status`, what to resend). */
export type ChatMessage = Message & { status?: 'sending' | 'failed'; outgoing?: Outgoing };

function bySeq(a: ChatMessage, b: ChatMessage): number {
  // Pending messages have no seq yet and stay at the end in the order they were written.
  if (a.status && b.status) return 0;
  if (a.status) return 1;
  if (b.status) return -1;
  const diff = BigInt(a.seq) - BigInt(b.seq);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/**
 * Adds or replaces a message, matched by id or by the sender's client id, so a live event and
 * the send's own answer (whichever comes first) and a pending copy end up as one message.
 */
export function upsertMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessage[]>(chatKeys.messages(message.conversation_id), (old) => {
    if (!old) return old;
    const others = old.filter(
      (m) =>
        m.id !== message.id &&
        !(m.client_id === message.client_id && m.user_id === message.user_id),
    );
    return [...others, message].sort(bySeq);
  });
}

export function removeMessage(queryClient: QueryClient, conversationId: string, clientId: string) {
  queryClient.setQueryData<ChatMessage[]>(chatKeys.messages(conversationId), (old) =>
    old?.filter((m) => m.client_id !== clientId || !m.status),
  );
}

/** The newest stored seq of a loaded conversation: where a resume starts. */
export function newestSeq(messages: readonly ChatMessage[] | undefined): string | undefined {
  let newest: bigint | null = null;
  for (const m of messages ?? []) {
    if (m.status) continue;
    const seq = BigInt(m.seq);
    if (newest === null || seq > newest) newest = seq;
  }
  return newest === null ? undefined : newest.toString();
}
