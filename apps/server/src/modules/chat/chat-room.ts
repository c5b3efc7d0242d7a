import { REPLAY_LIMIT } from '@kaleido/shared/chat/chat.schemas';
import type { RoomEvent } from '../../realtime/event-bus';
import type { RoomKind } from '../../realtime/rooms';
import { conversationRoom, toMessage, type MessageRecord } from './chat-records';
import type { ConversationsRepository } from './conversations.repository';
import type { MessagesRepository } from './messages.repository';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REPLAY_PAGE = 500;

/** The `conversation:<id>` room kind: participants join; resume replays from the database. */
export function createConversationRoom(deps: {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
}): RoomKind {
  const room: RoomKind = {
    async authorize(userId, id) {
      return UUID.test(id) && (await deps.conversations.findConversationFor(userId, id)) !== null;
    },
    async replay(userId, id, afterSeq) {
      if (!/^\d{1,18}$/.test(afterSeq) || !(await room.authorize(userId, id))) return [];
      const after = Number(afterSeq);
      const rows: MessageRecord[] = [];
      for (let from = after; rows.length < REPLAY_LIMIT;) {
        const page = await deps.messages.changedSince(id, from, REPLAY_PAGE);
        rows.push(...page);
        const lastRow = page.at(-1);
        if (page.length < REPLAY_PAGE || !lastRow) break;
        from = Math.max(lastRow.seq, lastRow.updatedSeq ?? 0);
      }
      return rows.map((row): RoomEvent => {
        const message = toMessage(row);
        const isNew = row.seq > after;
        return {
          room: conversationRoom(id),
          name: isNew ? 'message.created' : 'message.updated',
          data: { message },
          seq: String(Math.max(row.seq, row.updatedSeq ?? 0)),
        };
      });
    },
  };
  return room;
}
