import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { RoomEvent } from './event-bus';

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

/** The sending side: this instance's events packed into as few NOTIFY payloads as fit. */
export function createEnvelopePacker(pool: Pick<pg.Pool, 'query'>) {
  const origin = randomUUID();
  let counter = 0;

  /** Packs events into envelopes in order, spilling any event too large for a payload. */
  return async function envelopesOf(events: RoomEvent[]): Promise<string[]> {
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
  };
}

/** The receiving side: each payload's events to `dispatch` (a spilled one read back first). */
export function createEnvelopeReceiver(deps: {
  pool: Pick<pg.Pool, 'query'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  dispatch: (events: RoomEvent[]) => void;
}) {
  const { pool, log, dispatch } = deps;
  // Deliveries stay in arrival order even when one waits for its spilled event.
  let delivering: Promise<void> = Promise.resolve();
  let waiting = 0;

  async function fetchSpilled(spillId: string): Promise<RoomEvent[]> {
    const { rows } = await pool.query<{ payload: RoomEvent }>(
      'select payload from realtime_spill where id = $1',
      [spillId],
    );
    return rows[0] ? [rows[0].payload] : [];
  }

  return function receive(payload: string) {
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
  };
}
