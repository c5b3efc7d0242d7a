import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createBatcher } from '../db/batcher';
import type { EventBus, RoomEvent } from './event-bus';
import { createEnvelopePacker, createEnvelopeReceiver } from './postgres-event-envelopes';

const CHANNEL = 'kaleido_events';

/**
 * The listening connection's application_name: every running instance holds exactly one, so the
 * console counts the instances on a database by counting these in pg_stat_activity.
 */
export const EVENT_BUS_APPLICATION_NAME = 'kaleido-event-bus';

/**
 * Fan-out between server instances over PostgreSQL LISTEN/NOTIFY: a message sent through one
 * instance reaches sockets on every other. Events published while a NOTIFY is out are packed
 * into as few payloads as fit and sent by one statement, in publish order (one batch at a time),
 * so a burst of chat messages costs a round trip per batch rather than per event. One dedicated
 * connection listens (named EVENT_BUS_APPLICATION_NAME) and reconnects after a drop.
 */
export function createPostgresEventBus(
  pool: pg.Pool,
  connectionString: string,
  log: FastifyBaseLogger,
): EventBus {
  const handlers = new Set<(event: RoomEvent) => void>();
  let listener: pg.Client | null = null;
  let closed = false;
  const envelopesOf = createEnvelopePacker(pool);

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

  const receive = createEnvelopeReceiver({
    pool,
    log,
    dispatch(events) {
      for (const event of events) for (const handler of handlers) handler(event);
    },
  });

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
