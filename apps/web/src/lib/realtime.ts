import type { CallSignal } from '@kaleido/shared/calls/calls.schemas';
import type {
  ClientMessage,
  ServerEventData,
  ServerEventName,
  ServerMessage,
} from '@kaleido/shared/realtime/events';
import { useSyncExternalStore } from 'react';
import {
  CLOSE_CODES,
  HEARTBEAT_MS,
  REALTIME_PATH,
} from '@kaleido/shared/realtime/realtime.constants';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

type EventListener = (message: Extract<ServerMessage, { type: 'event' }>) => void;
export type RefusedMessage = Extract<ServerMessage, { type: 'refused' }>;

const MAX_BACKOFF_MS = 30_000;

/**
 * The one WebSocket of this tab (DESIGN §5). Reconnects with capped exponential backoff and
 * jitter, pings every HEARTBEAT_MS, and stops for good when the server says the session ended.
 */
class RealtimeConnection {
  private socket: WebSocket | null = null;
  private status: RealtimeStatus = 'idle';
  private wanted = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly eventListeners = new Set<EventListener>();
  private readonly endedListeners = new Set<(reason: string) => void>();
  private readonly refusedListeners = new Set<(message: RefusedMessage) => void>();
  /** Rooms this tab wants besides `user:<me>`, each with where its resume starts. */
  private readonly rooms = new Map<string, () => string | undefined>();
  /**
   * Rooms whose replay came in pages and is not finished: the next page starts here, not at the
   * newest seq seen (a live event may already have arrived past the pages still to come).
   */
  private readonly replayCursors = new Map<string, string>();

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    window.addEventListener('online', this.reconnectNow);
    this.open();
  }

  stop(): void {
    this.wanted = false;
    window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'client stopped');
    this.setStatus('idle');
  }

  getStatus = (): RealtimeStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  onEvent(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * Joins a room now and again after every reconnect, asking the server to replay what came
   * after `afterSeq()` (the newest seq the caller has seen), so nothing is lost in between.
   */
  subscribe(room: string, afterSeq: () => string | undefined): () => void {
    this.rooms.set(room, afterSeq);
    if (this.status === 'open') this.send({ type: 'subscribe', room, afterSeq: afterSeq() });
    return () => {
      if (this.rooms.get(room) !== afterSeq) return;
      this.rooms.delete(room);
      this.replayCursors.delete(room);
      this.send({ type: 'unsubscribe', room });
    };
  }

  /**
   * Sends a call signal now; false when the socket is not open (the caller says so: a call
   * signal is not worth replaying later, the moment has passed).
   */
  sendCall(signal: CallSignal): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.send({ type: 'call', signal });
    return true;
  }

  /** The server refused something this tab sent over the socket (a call signal). */
  onRefused(listener: (message: RefusedMessage) => void): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }

  /** Called when the server ends the session behind this socket. */
  onSessionEnded(listener: (reason: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private readonly reconnectNow = () => {
    if (!this.wanted || this.socket) return;
    this.clearTimers();
    this.attempt = 0;
    this.open();
  };

  private open(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
    this.socket = socket;
    socket.addEventListener('message', (event) => this.receive(event));
    socket.addEventListener('close', (event) => this.closed(socket, event.code));
  }

  private receive(event: MessageEvent): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      this.attempt = 0;
      this.setStatus('open');
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), HEARTBEAT_MS);
      for (const [room, afterSeq] of this.rooms) {
        this.send({
          type: 'subscribe',
          room,
          afterSeq: this.replayCursors.get(room) ?? afterSeq(),
        });
      }
    } else if (message.type === 'replayed') {
      if (!message.more || !this.rooms.has(message.room)) {
        this.replayCursors.delete(message.room);
        return;
      }
      // The server sends a replay in pages of bounded size: ask for the next one.
      this.replayCursors.set(message.room, message.nextAfterSeq);
      this.send({ type: 'subscribe', room: message.room, afterSeq: message.nextAfterSeq });
    } else if (message.type === 'refused') {
      for (const listener of this.refusedListeners) listener(message);
    } else if (message.type === 'event') {
      if (message.name === 'session.ended') {
        for (const listener of this.endedListeners) listener(message.data.reason);
      }
      for (const listener of this.eventListeners) listener(message);
    }
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private closed(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimers();
    if (!this.wanted) return;
    if (code === CLOSE_CODES.sessionEnded || code === CLOSE_CODES.unauthorized) {
      // The session is gone: reconnecting would only be refused again.
      this.wanted = false;
      this.setStatus('idle');
      for (const listener of this.endedListeners) listener('session_ended');
      return;
    }
    // Too many tabs on this session: try again, slowly, in case some were closed.
    this.attempt = code === CLOSE_CODES.tooManyConnections ? 99 : this.attempt + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.attempt - 1));
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => this.open(), backoff / 2 + Math.random() * (backoff / 2));
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }
}

export const realtime = new RealtimeConnection();

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtime.onStatus, realtime.getStatus, () => 'idle');
}

/** Narrows an event message to one event name with its typed data. */
export function eventData<N extends ServerEventName>(
  message: Extract<ServerMessage, { type: 'event' }>,
  name: N,
): ServerEventData<N> | null {
  return message.name === name ? (message.data as ServerEventData<N>) : null;
}
