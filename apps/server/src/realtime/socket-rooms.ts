import type { ServerMessage } from '@kaleido/shared/realtime/events';
import type { RoomEvent } from './event-bus';
import { eventMessage, type Connection } from './realtime-connection';

export type SocketRooms = ReturnType<typeof createSocketRooms>;

/**
 * This instance's open sockets and the rooms each has joined, and the one way out to them.
 * Events from one NOTIFY arrive in one tick: each socket's frames go out in one write (corked
 * until the next tick).
 */
export function createSocketRooms() {
  const byRoom = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();
  const corked = new Set<Connection>();

  function uncorkAll() {
    for (const connection of corked) connection.stream.uncork();
    corked.clear();
  }

  function sendText(connection: Connection, text: string) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (!corked.has(connection)) {
      if (corked.size === 0) process.nextTick(uncorkAll);
      connection.stream.cork();
      corked.add(connection);
    }
    connection.socket.send(text);
  }

  function send(connection: Connection, message: ServerMessage) {
    sendText(connection, JSON.stringify(message));
  }

  function join(connection: Connection, room: string) {
    connection.rooms.add(room);
    let members = byRoom.get(room);
    if (!members) byRoom.set(room, (members = new Set()));
    members.add(connection);
  }

  function leave(connection: Connection, room: string) {
    connection.rooms.delete(room);
    const members = byRoom.get(room);
    members?.delete(connection);
    if (members?.size === 0) byRoom.delete(room);
  }

  return {
    connections: connections as ReadonlySet<Connection>,
    join,
    leave,
    send,
    sendText,
    add: (connection: Connection) => void connections.add(connection),
    has: (connection: Connection) => connections.has(connection),
    /** Forgets the socket and its rooms; false when it was already gone. */
    remove(connection: Connection): boolean {
      clearTimeout(connection.deadline);
      if (!connections.delete(connection)) return false;
      for (const room of [...connection.rooms]) leave(connection, room);
      return true;
    },
    hasMembers: (room: string) => byRoom.has(room),

    /**
     * A bus event to this instance's sockets in its room: `session.ended` closes the sockets of
     * the sessions it names; anything else is sent (serialized once for the whole room), or held
     * while the socket is replaying that room.
     */
    deliver(event: RoomEvent, endSession: (c: Connection, e: RoomEvent<'session.ended'>) => void) {
      const members = byRoom.get(event.room);
      if (!members) return;
      let text: string | undefined;
      for (const connection of [...members]) {
        if (event.name === 'session.ended') {
          const ended = event as RoomEvent<'session.ended'>;
          const { sessionId, exceptSessionId } = ended.data;
          const matches = sessionId
            ? connection.sessionId === sessionId
            : connection.sessionId !== exceptSessionId;
          if (matches) endSession(connection, ended);
          continue;
        }
        const held = connection.replaying.get(event.room);
        if (held) held.push(event);
        else sendText(connection, (text ??= JSON.stringify(eventMessage(event))));
      }
    },
  };
}
