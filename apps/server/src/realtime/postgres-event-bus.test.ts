import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { onPostgres } from '../../test/two-instances';
import type { EventBus, RoomEvent } from './event-bus';
import { createPostgresEventBus } from './postgres-event-bus';

const silent = Fastify({ logger: false }).log;

describe.runIf(onPostgres)('the PostgreSQL event bus', () => {
  let database: Database;
  let sender: EventBus;
  let receiver: EventBus;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { pool, url } = database;
    if (!pool || !url) throw new Error('expected a PostgreSQL test database');
    sender = createPostgresEventBus(pool, url, silent);
    receiver = createPostgresEventBus(pool, url, silent);
  });
  afterAll(async () => {
    await sender.close();
    await receiver.close();
    await database.close();
  });

  it('delivers a burst to another instance complete and in publish order, large events too', async () => {
    const typing = (i: number, note = ''): RoomEvent<'typing.changed'> => ({
      room: `conversation:${i % 7}`,
      name: 'typing.changed',
      data: { conversation_id: `c${i}${note}`, user_id: 'u', typing: i % 2 === 0 },
    });
    const burst = Array.from({ length: 600 }, (_, i) =>
      typing(i, i === 300 ? 'x'.repeat(20_000) : ''),
    );
    // Two identical events must both arrive (PostgreSQL folds identical payloads of a transaction).
    burst.push(typing(1), typing(1));
    const received: string[] = [];
    const all = new Promise<void>((resolve) => {
      receiver.subscribe((event) => {
        if (event.name !== 'typing.changed') return;
        received.push((event as RoomEvent<'typing.changed'>).data.conversation_id);
        if (received.length === burst.length) resolve();
      });
    });
    await Promise.all(burst.map((event) => sender.publish(event)));
    await all;
    expect(received).toEqual(burst.map((event) => event.data.conversation_id));
  });
});
