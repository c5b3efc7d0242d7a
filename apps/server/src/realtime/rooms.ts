import type { RoomEvent } from './event-bus';

/**
 * A kind of room (`conversation:<id>`, ...) registered by the feature that owns it: who may join,
 * and how to replay what a reconnecting client missed, from the database.
 */
export interface RoomKind {
  authorize(userId: string, id: string): Promise<boolean>;
  /** What came after `afterSeq`, in order, in pages; the gateway stops reading at its budget. */
  replay?(userId: string, id: string, afterSeq: string): AsyncIterable<RoomEvent[]>;
}

export class RoomRegistry {
  private readonly kinds = new Map<string, RoomKind>();

  register(prefix: string, kind: RoomKind): void {
    this.kinds.set(prefix, kind);
  }

  /** The room kind and id for a room name, or null when the name is not one we know. */
  resolve(room: string): { kind: RoomKind; id: string } | null {
    const colon = room.indexOf(':');
    if (colon <= 0) return null;
    const kind = this.kinds.get(room.slice(0, colon));
    const id = room.slice(colon + 1);
    return kind && id ? { kind, id } : null;
  }
}

export const userRoom = (userId: string) => `user:${userId}`;
