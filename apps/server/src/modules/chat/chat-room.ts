import type { RoomEvent } from '../../realtime/event-bus';
import type { RoomKind } from '../../realtime/rooms';
import { conversationRoom, toMessage, type MessageRecord } from './chat-records';
import type { ConversationsRepository } from './conversations.repository';
import type { MessagesRepository } from './messages.repository';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Small pages: the gateway stops at its byte budget, so a big page would be read for nothing.
 * 25 long messages are about one replay page (REPLAY_BYTE_BUDGET), so the database reads little
 * more than the person's replay budget lets the socket send (N10).
 */
const REPLAY_PAGE = 25;

/** The `conversation:<id>` room kind: participants join; resume replays from the database. */
export function createConversationRoom(deps: {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
}): RoomKind {
  const toEvent = (row: MessageRecord, after: number): RoomEvent => ({
    room: conversationRoom(row.conversationId),
    name: row.seq > after ? 'message.created' : 'message.updated',
    data: { message: toMessage(row) },
    seq: String(Math.max(row.seq, row.updatedSeq ?? 0)),
  });
  const room: RoomKind = {
    async authorize(userId, id) {
      return UUID.test(id) && (await deps.conversations.findConversationFor(userId, id)) !== null;
    },
    async *replay(userId, id, afterSeq) {
      if (!/^\d{1,18}$/.test(afterSeq) || !(await room.authorize(userId, id))) return;
      const after = Number(afterSeq);
      for (let from = after; ;) {
        const page = await deps.messages.changedSince(id, from, REPLAY_PAGE);
        yield page.map((row) => toEvent(row, after));
        const lastRow = page.at(-1);
        if (page.length < REPLAY_PAGE || !lastRow) return;
        from = Math.max(lastRow.seq, lastRow.updatedSeq ?? 0);
      }
    },
  };
  return room;
}
