import { EventEmitter } from 'node:events';
import type { ServerEventData, ServerEventName } from '@kaleido/shared/realtime/events';

/** One event for the sockets in a room, on whichever server instance they are connected. */
export interface RoomEvent<N extends ServerEventName = ServerEventName> {
  room: string;
  name: N;
  data: ServerEventData<N>;
  /** Position in the room's stream, for resume; absent for ephemeral events. */
  seq?: string;
}

/**
 * Carries room events between server instances. Services publish domain events here; the
 * realtime gateway of every instance delivers them to its own sockets.
 */
export interface EventBus {
  publish<N extends ServerEventName>(event: RoomEvent<N>): Promise<void>;
  subscribe(handler: (event: RoomEvent) => void): () => void;
  close(): Promise<void>;
}

/** For one server process (the embedded database): delivery is a function call. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('event', event);
      return Promise.resolve();
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
