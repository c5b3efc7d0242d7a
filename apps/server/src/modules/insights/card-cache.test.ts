import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightList } from '@kaleido/shared/insights/insight-cards.schemas';
import { createInProcessEventBus, type RoomEvent } from '../../realtime/event-bus';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { entryOf } from '../../../test/fixtures/journal-fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCardCache, type ComputedCards } from './card-cache';

const cards = (claim: string): ComputedCards => ({ cards: [], weeklyFacts: claim });
const announce = (
  bus: ReturnType<typeof createInProcessEventBus>,
  userId: string,
  cardsToken?: string,
) =>
  bus.publish({
    room: `user:${userId}`,
    name: 'insights.updated',
    data: cardsToken ? { reason: 'analysed', cardsToken } : { reason: 'analysed' },
  });

describe('card cache', () => {
  it('installs cards prepared for a change when that change is announced', async () => {
    const bus = createInProcessEventBus();
    const cache = createCardCache(bus);
    cache.set('u1', 'week', cards('before'), cache.generation('u1'));
    expect(cache.get('u1', 'week')?.weeklyFacts).toBe('before');
    expect(cache.keysToPrepare('u1')).toEqual(['week']);
    const token = cache.prepare('u1', cache.generation('u1'), new Map([['week', cards('after')]]));
    await announce(bus, 'u1', token);
    expect(cache.get('u1', 'week')?.weeklyFacts).toBe('after');
  });

  it('drops prepared cards when anything else changed before their announcement', async () => {
    const bus = createInProcessEventBus();
    const cache = createCardCache(bus);
    cache.set('u1', 'week', cards('before'), cache.generation('u1'));
    cache.get('u1', 'week');
    const token = cache.prepare('u1', cache.generation('u1'), new Map([['week', cards('stale')]]));
    await announce(bus, 'u1'); // another change, say a dispute, announced first
    await announce(bus, 'u1', token);
    expect(cache.get('u1', 'week')).toBeUndefined();
    // And a stranger's token installs nothing.
    cache.set('u1', 'week', cards('fresh'), cache.generation('u1'));
    cache.prepare('u1', cache.generation('u1'), new Map([['week', cards('mine')]]));
    await announce(bus, 'u1', 'someone-else');
    expect(cache.get('u1', 'week')).toBeUndefined();
  });

  it('prepares nothing for cards nobody has read since they were computed', async () => {
    const bus = createInProcessEventBus();
    const cache = createCardCache(bus);
    expect(cache.keysToPrepare('u1')).toEqual([]);
    const token = cache.prepare('u1', cache.generation('u1'), new Map([['week', cards('after')]]));
    await announce(bus, 'u1', token);
    // Installed but unread: a catch-up of many items does not prepare again for each one.
    expect(cache.keysToPrepare('u1')).toEqual([]);
    cache.get('u1', 'week');
    expect(cache.keysToPrepare('u1')).toEqual(['week']);
  });
});

describe('cards prepared by the analysis job', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { analysisWorker: true });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A list without the moments it was computed (the list's and each card's). */
  const withoutTime = (list: InsightList) => ({
    ...list,
    generatedAt: '',
    cards: list.cards.map((card) => ({ ...card, generatedAt: '' })),
  });

  it('are the cards a fresh computation gives, announced with their token', async () => {
    const { client, userId } = await signedInClient(app);
    const events: RoomEvent[] = [];
    const stop = app.bus.subscribe((event) => {
      if (event.room === `user:${userId}` && event.name === 'insights.updated') events.push(event);
    });
    try {
      // Nobody has looked yet: the job prepares nothing.
      await entryOf(client, { content: 'A calm walk by the river with friends.', mood: 'happy' });
      await waitFor(() => events.length >= 1, 'the first entry analysed');
      expect(events[0]?.data).not.toHaveProperty('cardsToken');

      // Someone is looking: the next change arrives with its cards prepared.
      expect((await client.get('/api/insights')).status).toBe(200);
      await entryOf(client, { content: 'Awful tiring day, I feel sad and alone.', mood: 'sad' });
      await waitFor(() => events.length >= 2, 'the second entry analysed');
      const announced = events[1]?.data as { cardsToken?: string };
      expect(announced.cardsToken).toEqual(expect.any(String));
      const prepared = (await client.get('/api/insights')).json<InsightList>();
      expect(prepared.itemsAnalysed).toBe(2);

      // The same cards as computed from scratch once the memory is dropped.
      await app.bus.publish({
        room: `user:${userId}`,
        name: 'insights.updated',
        data: { reason: 'settings' },
      });
      const fresh = (await client.get('/api/insights')).json<InsightList>();
      expect(withoutTime(prepared)).toEqual(withoutTime(fresh));
    } finally {
      stop();
    }
  });
});
