import { randomUUID } from 'node:crypto';
import type { InsightCard } from '@kaleido/shared/insights/insight-cards.schemas';
import type { EventBus } from '../../realtime/event-bus';

/** People whose cards are kept in memory (the most recently read). */
const CACHED_PEOPLE = 500;
/** Cards prepared by a job and waiting for the job's own announcement (bounded). */
const PREPARED_PEOPLE = 500;

/** Every card of every kind for one person and one key (period, tone, timezone, hour). */
export interface ComputedCards {
  cards: InsightCard[];
  /** The weekly reflection's figures in the neutral wording (what a language model is given). */
  weeklyFacts: string | null;
}

interface Person {
  cards: Map<string, ComputedCards>;
  /** Whether someone read these cards since they were computed (someone is looking). */
  read: boolean;
}

interface Prepared {
  token: string;
  /** The person's generation when the preparation began: any change since voids it. */
  generation: number;
  cards: Map<string, ComputedCards>;
}

/**
 * Computed cards per person, in memory. `insights.updated` reaching this instance for a person
 * (an item analysed or removed, analysis switched, data cleared, a dispute; the bus carries it
 * between instances) drops theirs and moves their generation on, so a computation that began
 * before a change is never kept.
 *
 * The analysis job may prepare the cards of the change it made before announcing it: they are
 * installed when that very announcement (its `cardsToken`) reaches this instance, provided nothing
 * else changed meanwhile. The dashboard that refetches on the announcement then reads them from
 * memory instead of computing a year of days (docs/decisions/035-cards-prepared-by-the-job.md).
 */
export function createCardCache(bus: Pick<EventBus, 'subscribe'>) {
  const people = new Map<string, Person>();
  const generations = new Map<string, number>();
  const prepared = new Map<string, Prepared>();
  const generation = (userId: string) => generations.get(userId) ?? 0;

  bus.subscribe((event) => {
    if (event.name !== 'insights.updated' || !event.room.startsWith('user:')) return;
    const data = event.data as { reason?: string; cardsToken?: string } | undefined;
    // A reflection written by the language model changes no card computed from the items.
    if (data?.reason === 'reflection') return;
    const userId = event.room.slice('user:'.length);
    const before = generation(userId);
    generations.set(userId, before + 1);
    const ready = prepared.get(userId);
    if (ready && data?.cardsToken === ready.token) {
      prepared.delete(userId);
      if (ready.generation === before) {
        people.delete(userId);
        people.set(userId, { cards: ready.cards, read: false });
        return;
      }
    }
    people.delete(userId);
  });

  return {
    generation,

    get(userId: string, key: string) {
      const person = people.get(userId);
      if (!person) return undefined;
      // Most recently read last, so the oldest goes first when the map is full.
      people.delete(userId);
      people.set(userId, person);
      const cards = person.cards.get(key);
      if (cards) person.read = true;
      return cards;
    },

    set(userId: string, key: string, cards: ComputedCards, atGeneration: number) {
      if (generation(userId) !== atGeneration) return;
      const person = people.get(userId) ?? { cards: new Map<string, ComputedCards>(), read: true };
      person.cards.set(key, cards);
      people.set(userId, person);
      if (people.size > CACHED_PEOPLE) people.delete(people.keys().next().value ?? '');
    },

    /**
     * The keys worth preparing for a person: those of cards someone has read since they were
     * computed. None when nobody is looking, so a catch-up of a thousand items prepares nothing.
     */
    keysToPrepare(userId: string): string[] {
      const person = people.get(userId);
      return person?.read ? [...person.cards.keys()] : [];
    },

    /** Keeps prepared cards until the announcement carrying the returned token arrives. */
    prepare(userId: string, atGeneration: number, cards: Map<string, ComputedCards>): string {
      const token = randomUUID();
      prepared.delete(userId);
      prepared.set(userId, { token, generation: atGeneration, cards });
      if (prepared.size > PREPARED_PEOPLE) prepared.delete(prepared.keys().next().value ?? '');
      return token;
    },
  };
}
