import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from './realtime';

/** A WebSocket double the test drives by hand. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  serverSays(message: unknown) {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

function latest(): FakeSocket {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket');
  return socket;
}

describe('realtime connection (one per tab)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    realtime.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens one socket at /api/realtime and is open after ready, pinging every 25 s', () => {
    realtime.start();
    realtime.start();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(latest().url).toMatch(/^ws:\/\/.+\/api\/realtime$/);
    expect(realtime.getStatus()).toBe('connecting');
    latest().serverSays({ type: 'ready', userId: 'u1' });
    expect(realtime.getStatus()).toBe('open');
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'ping' })]);
  });

  it('reconnects with growing, capped backoff after a drop', () => {
    realtime.start();
    latest().serverCloses(1006);
    expect(realtime.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    latest().serverCloses(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1001);
    expect(FakeSocket.instances).toHaveLength(3);
    for (let i = 0; i < 10; i += 1) {
      latest().serverCloses(1006);
      vi.advanceTimersByTime(30_000);
    }
    expect(FakeSocket.instances).toHaveLength(13);
  });

  it('delivers events and stops for good when the session ends', () => {
    const events: string[] = [];
    const ended: string[] = [];
    const offEvent = realtime.onEvent((message) => events.push(message.name));
    const offEnded = realtime.onSessionEnded((reason) => ended.push(reason));
    realtime.start();
    latest().serverSays({ type: 'ready', userId: 'u1' });
    latest().serverSays({
      type: 'event',
      room: 'user:u1',
      name: 'session.ended',
      data: { reason: 'session_timeout' },
    });
    latest().serverCloses(4001);
    vi.advanceTimersByTime(60_000);
    expect(events).toEqual(['session.ended']);
    expect(ended).toEqual(['session_timeout', 'session_ended']);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(realtime.getStatus()).toBe('idle');
    offEvent();
    offEnded();
  });

  it('asks for the next page of a replay, and resumes from the page cursor after a drop', () => {
    realtime.start();
    const leave = realtime.subscribe('conversation:c1', () => '900');
    latest().serverSays({ type: 'ready', userId: 'u1' });
    expect(latest().sent.map((m) => JSON.parse(m) as unknown)).toContainEqual({
      type: 'subscribe',
      room: 'conversation:c1',
      afterSeq: '900',
    });
    latest().sent = [];
    latest().serverSays({
      type: 'replayed',
      room: 'conversation:c1',
      more: true,
      nextAfterSeq: '40',
    });
    expect(latest().sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'subscribe', room: 'conversation:c1', afterSeq: '40' },
    ]);
    // Dropped before the next page came: the resume starts at the page, not at the newest seen.
    latest().serverCloses(1006);
    vi.advanceTimersByTime(1000);
    latest().serverSays({ type: 'ready', userId: 'u1' });
    expect(latest().sent.map((m) => JSON.parse(m) as unknown)).toContainEqual({
      type: 'subscribe',
      room: 'conversation:c1',
      afterSeq: '40',
    });
    latest().serverSays({ type: 'replayed', room: 'conversation:c1', more: false });
    latest().sent = [];
    latest().serverCloses(1006);
    vi.advanceTimersByTime(1000);
    latest().serverSays({ type: 'ready', userId: 'u1' });
    expect(latest().sent.map((m) => JSON.parse(m) as unknown)).toContainEqual({
      type: 'subscribe',
      room: 'conversation:c1',
      afterSeq: '900',
    });
    leave();
  });

  it('waits long before retrying when the session has too many sockets', () => {
    realtime.start();
    latest().serverCloses(4429);
    vi.advanceTimersByTime(14_000);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(16_001);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
