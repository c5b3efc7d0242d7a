import type { ServerMessage } from '@kaleido/shared/realtime/events';
import type { RoomEvent } from './event-bus';
import { eventMessage, REPLAY_BYTE_BUDGET, type Connection } from './realtime-connection';

/** Whether a held live event is past the replay (replay already carried those up to `last`). */
const isAfter = (seq: string | undefined, last: bigint | null) =>
  last === null || seq === undefined || !/^\d+$/.test(seq) || BigInt(seq) > last;

/** What a replay needs of the gateway: join the room, send to the socket. */
export interface ReplayIo {
  join: (connection: Connection, room: string) => void;
  send: (connection: Connection, message: ServerMessage) => void;
  sendText: (connection: Connection, text: string) => void;
}

/**
 * Sends a room's replay, up to `maxBytes` (REPLAY_BYTE_BUDGET, or less when the person's replay
 * budget is low), then 'replayed' (with the cursor of the next
 * page when there is more). Joined first so nothing published meanwhile is lost; what arrives
 * during the replay is held and sent after it, so a client's last seen seq never skips past a
 * gap. When the replay stops early, the held events are in the next pages (the database has
 * them), so only those without a seq (typing, receipts) are sent.
 */
export async function replayRoom(
  io: ReplayIo,
  connection: Connection,
  room: string,
  pages: AsyncIterable<RoomEvent[]>,
  maxBytes = REPLAY_BYTE_BUDGET,
): Promise<number> {
  const { join, send, sendText } = io;
  const held: RoomEvent[] = [];
  connection.replaying.set(room, held);
  join(connection, room);
  let last: bigint | null = null;
  let bytes = 0;
  let more = false;
  try {
    pages: for await (const page of pages) {
      for (const event of page) {
        const text = JSON.stringify(eventMessage(event));
        const size = Buffer.byteLength(text);
        if (bytes > 0 && bytes + size > maxBytes) {
          more = true;
          break pages;
        }
        bytes += size;
        sendText(connection, text);
        if (event.seq && /^\d+$/.test(event.seq)) last = BigInt(event.seq);
      }
    }
  } finally {
    connection.replaying.delete(room);
    for (const event of held)
      if (more ? event.seq === undefined : isAfter(event.seq, last))
        send(connection, eventMessage(event));
  }
  send(
    connection,
    more && last !== null
      ? { type: 'replayed', room, more: true, nextAfterSeq: last.toString() }
      : { type: 'replayed', room, more: false },
  );
  return bytes;
}
