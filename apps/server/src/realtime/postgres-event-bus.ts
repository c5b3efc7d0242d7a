import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { EventBus, RoomEvent } from './event-bus';

const CHANNEL = 'kaleido_events';
// NOTIFY payloads must stay under 8000 bytes; larger events travel through a table.
const MAX_INLINE_BYTES = 7000;

interface Envelope {
  /** Which instance published it (every instance, the sender included, delivers it). */
  origin: string;
  event?: RoomEvent;
  spillId?: string;
}

/**
 * Fan-out between server instances over PostgreSQL LISTEN/NOTIFY: a message sent through one
 * instance reaches sockets on every other. One dedicated connection listens and reconnects
 * after a drop.
 */
export function createPostgresEventBus(
  pool: pg.Pool,
  connectionString: string,
  log: FastifyBaseLogger,
): EventBus {
  const origin = randomUUID();
  const handlers = new Set<(event: RoomEvent) => void>();
  let listener: pg.Client | null = null;
  let closed = false;

  async function deliver(payload: string) {
    const envelope = JSON.parse(payload) as Envelope;
    let event = envelope.event;
    if (!event && envelope.spillId) {
      const { rows } = await pool.query<{ payload: RoomEvent }>(
        'select payload from realtime_spill where id = $1',
        [envelope.spillId],
      );
      event = rows[0]?.payload;
    }
    if (!event) return;
    for (const handler of handlers) handler(event);
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      deliver(message.payload).catch((error: unknown) =>
        log.error({ err: error }, 'realtime delivery failed'),
      );
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
      listener = null;
      client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void listen().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  }

  const ready = listen();
  const sweep = setInterval(() => {
    pool
      .query("delete from realtime_spill where created_at < now() - interval '10 minutes'")
      .catch((error: unknown) => log.warn({ err: error }, 'realtime spill sweep failed'));
  }, 5 * 60_000);
  sweep.unref();

  return {
    async publish(event) {
      await ready;
      let envelope: Envelope = { origin, event };
      if (Buffer.byteLength(JSON.stringify(envelope)) > MAX_INLINE_BYTES) {
        const spillId = randomUUID();
        await pool.query('insert into realtime_spill (id, payload) values ($1, $2)', [
          spillId,
          JSON.stringify(event),
        ]);
        envelope = { origin, spillId };
      }
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)]);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      handlers.clear();
      await ready.catch(() => undefined);
      await listener?.end().catch(() => undefined);
    },
  };
}
