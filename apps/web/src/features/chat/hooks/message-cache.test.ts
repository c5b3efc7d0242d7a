import type { Message } from '@kaleido/shared/chat/chat.schemas';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { chatKeys } from '../api/chat-requests';
import { newestSeq, removeMessage, upsertMessage, type ChatMessage } from './message-cache';

const conversationId = 'c1';

function message(overrides: Partial<ChatMessage>): ChatMessage {
  const base: Message = {
    id: 'm1',
    client_id: 'k1',
    seq: '1',
    conversation_id: conversationId,
    user_id: 'u1',
    content: 'hi',
    input_type: 'text',
    privacy_level: 'shared',
    emotional_state: {},
    audio_url: null,
    media_file_id: null,
    media: null,
    created_at: '2026-01-01T00:00:00.000Z',
    sender: { id: 'u1', full_name: 'One', email: 'one@example.test' },
  };
  return { ...base, ...overrides };
}

function setup(initial: ChatMessage[]) {
  const client = new QueryClient();
  client.setQueryData(chatKeys.messages(conversationId), initial);
  const read = () => client.getQueryData<ChatMessage[]>(chatKeys.messages(conversationId)) ?? [];
  return { client, read };
}

describe('message cache', () => {
  it('keeps one copy when the live event and the send answer both arrive', () => {
    const { client, read } = setup([]);
    upsertMessage(client, message({ id: 'pending-k2', client_id: 'k2', status: 'sending' }));
    upsertMessage(client, message({ id: 'm2', client_id: 'k2', seq: '2' }));
    upsertMessage(client, message({ id: 'm2', client_id: 'k2', seq: '2' }));
    expect(read().map((m) => m.id)).toEqual(['m2']);
  });

  it('orders by seq numerically and keeps pending messages last', () => {
    const { client, read } = setup([message({ id: 'a', client_id: 'a', seq: '9' })]);
    upsertMessage(client, message({ id: 'p', client_id: 'p', status: 'sending' }));
    upsertMessage(client, message({ id: 'b', client_id: 'b', seq: '10' }));
    upsertMessage(client, message({ id: 'c', client_id: 'c', seq: '2' }));
    expect(read().map((m) => m.id)).toEqual(['c', 'a', 'b', 'p']);
  });

  it('replaces a message in place when it is updated (a voice transcript)', () => {
    const { client, read } = setup([message({ content: '[Voice message]' })]);
    upsertMessage(client, message({ content: 'hello there' }));
    expect(read()).toHaveLength(1);
    expect(read()[0]?.content).toBe('hello there');
  });

  it('does not merge the same client id from two senders', () => {
    const { client, read } = setup([message({})]);
    upsertMessage(client, message({ id: 'm9', seq: '2', user_id: 'u2' }));
    expect(read()).toHaveLength(2);
  });

  it('removes only a pending copy, and resumes after the newest stored seq', () => {
    const { client, read } = setup([
      message({ id: 'a', client_id: 'a', seq: '12' }),
      message({ id: 'pending-x', client_id: 'x', status: 'failed' }),
    ]);
    expect(newestSeq(read())).toBe('12');
    removeMessage(client, conversationId, 'x');
    removeMessage(client, conversationId, 'a');
    expect(read().map((m) => m.id)).toEqual(['a']);
    expect(newestSeq([])).toBeUndefined();
  });
});
