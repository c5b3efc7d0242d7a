import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createBatcher } from '../db/batcher';
import type { EventBus, RoomEvent } from './event-bus';

const CHANNEL = 'kaleido_events';
// NOTIFY payloads must stay under 8000 bytes; larger events travel through a table.
const MAX_PAYLOAD_BYTES = 7000;

/** One NOTIFY payload: several small events, or the id of one large event in realtime_spill. */
interface Envelope {
  /** Which instance published it (every instance, the sender included, delivers it). */
  origin: string;
  /** Distinct per payload: PostgreSQL folds identical payloads of one transaction into one. */
  n: number;
  events?: RoomEvent[];
  spillId?: string;
}

/**
 * Fan-out between server instances over PostgreSQL LISTEN/NOTIFY: a message sent through one
 * instance reaches sockets on every other. Events published while a NOTIFY is out are packed
 * into as few payloads as fit and sent by one statement, in publish order (one batch at a time),
 * so a burst of chat messages costs a round trip per batch rather than per event. One dedicated
 * connection listens (named EVENT_BUS_APPLICATION_NAME) and reconnects after a drop.
 */
/**
 * The listening connection's application_name: every running instance holds exactly one, so the
 * console counts the instances on a database by counting these in pg_stat_activity.
 */
export const EVENT_BUS_APPLICATION_NAME = 'kaleido-event-bus';

export function createPostgresEventBus(
  pool: pg.Pool,
  connectionString: string,
  log: FastifyBaseLogger,
): EventBus {
  const origin = randomUUID();
  const handlers = new Set<(event: RoomEvent) => void>();
  let listener: pg.Client | null = null;
  let closed = false;
  let counter = 0;

  /** Packs events into envelopes in order, spilling any event too large for a payload. */
  async function envelopesOf(events: RoomEvent[]): Promise<string[]> {
    const payloads: string[] = [];
    let packed: string[] = [];
    let packedBytes = 0;
    const seal = () => {
      if (packed.length === 0) return;
      payloads.push(`{"origin":"${origin}","n":${counter++},"events":[${packed.join(',')}]}`);
      packed = [];
      packedBytes = 0;
    };
    for (const event of events) {
      const json = JSON.stringify(event);
      const bytes = Buffer.byteLength(json);
      if (bytes > MAX_PAYLOAD_BYTES - 200) {
        seal();
        const spillId = randomUUID();
        await pool.query('insert into realtime_spill (id, payload) values ($1, $2)', [
          spillId,
          json,
        ]);
        payloads.push(JSON.stringify({ origin, n: counter++, spillId } satisfies Envelope));
        continue;
      }
      if (packedBytes + bytes + 1 > MAX_PAYLOAD_BYTES - 200) seal();
      packed.push(json);
      packedBytes += bytes + 1;
    }
    seal();
    return payloads;
  }

  const notify = createBatcher<RoomEvent, null>({
    // One batch at a time keeps this instance's events in publish order.
    concurrency: 1,
    maxBatch: 500,
    run: async (events) => {
      const payloads = await envelopesOf(events);
      await pool.query(
        'select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, i) order by i',
        [CHANNEL, payloads],
      );
      return events.map(() => null);
    },
  });

  // Deliveries stay in arrival order even when one waits for its spilled event.
  let delivering: Promise<void> = Promise.resolve();
  let waiting = 0;

  function dispatch(events: RoomEvent[]) {
    for (const event of events) for (const handler of handlers) handler(event);
  }

  async function fetchSpilled(spillId: string): Promise<RoomEvent[]> {
    const { rows } = await pool.query<{ payload: RoomEvent }>(
      'select payload from realtime_spill where id = $1',
      [spillId],
    );
    return rows[0] ? [rows[0].payload] : [];
  }

  function receive(payload: string) {
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.events && waiting === 0) {
      dispatch(envelope.events);
      return;
    }
    waiting += 1;
    delivering = delivering
      .then(async () => {
        const events =
          envelope.events ?? (envelope.spillId ? await fetchSpilled(envelope.spillId) : []);
        dispatch(events);
      })
      .catch((error: unknown) => log.error({ err: error }, 'realtime delivery failed'))
      .finally(() => {
        waiting -= 1;
      });
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString,
      application_name: EVENT_BUS_APPLICATION_NAME,
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        receive(message.payload);
      } catch (error) {
        log.error({ err: error }, 'realtime delivery failed');
      }
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
      await notify(event);
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
