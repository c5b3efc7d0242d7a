import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysedItem } from '@kaleido/shared/insights/item-analysis.schemas';
import type {
  InsightCard,
  InsightDetail,
  InsightList,
} from '@kaleido/shared/insights/insight-cards.schemas';
import type {
  Dispute,
  DisputeList,
  PersonalModel,
} from '@kaleido/shared/insights/personal-model.schemas';
import type { PersonalityOverview, PersonalityResult } from '@kaleido/shared/insights/personality';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { analysisDisputes, analysisItems, analysisModels } from '../../db/schema/analysis';
import { jobs } from '../../db/schema/jobs';
import type { RoomEvent } from '../../realtime/event-bus';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { person, sent, startConversation, WEBM } from '../../../test/fixtures/chat-fixtures';
import { entryOf, patch } from '../../../test/fixtures/journal-fixtures';
import { act, folder, mailed, replyDraft } from '../../../test/fixtures/email-fixtures';
import { ownWords } from '../email/email-content';
import { patchField } from '../../../test/fixtures/profile.fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import type { TestClient } from '../../../test/http-client';
import { multipart } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
const events: RoomEvent[] = [];
beforeAll(async () => {
  app = await createTestApp({}, { analysisWorker: true });
  app.bus.subscribe((event) => {
    if (event.name === 'insights.updated') events.push(event);
  });
});
afterAll(async () => {
  await app.close();
});

const itemUrl = (kind: string, id: string) => `/api/insights/items/${kind}/${id}`;

/** Waits until the item's analysis exists and passes `until`. */
async function analysed(
  client: TestClient,
  kind: string,
  id: string,
  until: (item: AnalysedItem) => boolean = () => true,
) {
  return waitFor(async () => {
    const response = await client.get(itemUrl(kind, id));
    if (response.status !== 200) return null;
    const item = response.json<AnalysedItem>();
    return until(item) ? item : null;
  }, `analysis of ${kind} ${id}`);
}

const jobsOf = (kind: string, id: string) =>
  app.database.db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.kind, 'analysis'), eq(jobs.key, `analysis:${kind}:${id}`)));

const insights = async (client: TestClient, query = '') =>
  (await client.get(`/api/insights${query}`)).json<InsightList>();
const cardOf = (list: { cards: InsightCard[] }, id: string) => list.cards.find((c) => c.id === id);

/** Moves analysed items back in time (the clock only moves forward). */
async function backdate(userId: string, sourceId: string, daysAgo: number, hour = 12) {
  const at = new Date(app.clock.now().getTime() - daysAgo * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  await app.database.db
    .update(analysisItems)
    .set({ occurredAt: at })
    .where(and(eq(analysisItems.userId, userId), eq(analysisItems.sourceId, sourceId)));
  // Derived rows changed behind the service's back: its daily rollups are summed again.
  await app.analysis.rebuildRollups(userId);
}

describe('the analysis pipeline', () => {
  it('analyses a saved entry, fills its emotional_state and tells the person', async () => {
    const { client, userId } = await signedInClient(app);
    const entry = await entryOf(client, {
      content: 'A lovely walk with Sarah in Central Park. I feel calm and grateful.',
      mood: 'happy',
    });
    const item = await analysed(client, 'journal', entry.id);
    expect(item.result.valence).toBeGreaterThan(0.3);
    expect(item.result.emotions.joy.words).toEqual(expect.arrayContaining(['lovely', 'grateful']));
    expect(item.result.themes.map((t) => t.text)).toContain('Central Park');
    expect(item.mood).toBe('happy');
    const saved = (await client.get(`/api/journal/entries/${entry.id}`)).json<JournalEntry>();
    expect(saved.emotional_state).toMatchObject({
      valence: item.result.valence,
      dominant_emotion: item.result.dominantEmotion,
      analysis_version: item.result.version,
    });
    // Replacing emotional_state keeps the person's keys and gets the analysis's back.
    await patch(client, `/api/journal/entries/${entry.id}`, { emotionalState: { energy: 'low' } });
    await waitFor(async () => {
      const state = (await client.get(`/api/journal/entries/${entry.id}`)).json<JournalEntry>()
        .emotional_state;
      return state.energy === 'low' && state.valence === item.result.valence;
    }, 'emotional_state rewritten');
    // Analysis is not an edit: no new version in the history.
    expect((await client.get(`/api/journal/entries/${entry.id}/history`)).json()).toEqual({
      versions: [],
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        room: `user:${userId}`,
        name: 'insights.updated',
        data: { reason: 'analysed', sourceKind: 'journal', sourceId: entry.id },
      }),
    );
  });

  it('analyses an edit again, and a deleted entry takes its derived data with it', async () => {
    const { client, userId } = await signedInClient(app);
    const entry = await entryOf(client, { content: 'What a wonderful, happy day.' });
    const first = await analysed(client, 'journal', entry.id);
    expect(first.result.valence).toBeGreaterThan(0);

    expect(
      (
        await patch(client, `/api/journal/entries/${entry.id}`, {
          content: 'Actually it was an awful, miserable day.',
        })
      ).status,
    ).toBe(200);
    const second = await analysed(client, 'journal', entry.id, (i) => i.result.valence < 0);
    expect(second.result.emotions.sadness.words).toEqual(
      expect.arrayContaining(['awful', 'miserable']),
    );

    expect((await client.request('DELETE', `/api/journal/entries/${entry.id}`)).status).toBe(200);
    expect((await client.get(itemUrl('journal', entry.id))).status).toBe(404);
    const rows = await app.database.db
      .select()
      .from(analysisItems)
      .where(eq(analysisItems.userId, userId));
    expect(rows).toEqual([]);
  });

  it('analyses the person’s own chat messages, never the other person’s', async () => {
    const ana = await person(app, 'Ana Writer');
    const ben = await person(app, 'Ben Reader');
    const conversation = await startConversation(ana, ben);
    const message = await sent(ana, conversation.id, 'I am so excited about the trip tomorrow!');
    const item = await analysed(ana.client, 'chat', message.id);
    expect(item.result.emotions.anticipation.count).toBeGreaterThan(0);
    // Ben cannot read Ana's analysis, and none was made for him.
    expect((await ben.client.get(itemUrl('chat', message.id))).status).toBe(404);
    const bens = await app.database.db
      .select()
      .from(analysisItems)
      .where(eq(analysisItems.userId, ben.userId));
    expect(bens).toEqual([]);
  });

  it('analyses a voice note once its transcript is saved, and forgets it when it is deleted', async () => {
    const { client } = await signedInClient(app);
    const upload = await client.upload(
      '/api/voice-notes',
      multipart(
        { title: 'Evening note', durationMs: '1000' },
        { name: 'r.webm', type: 'audio/webm', data: WEBM },
      ),
    );
    expect(upload.status, upload.body).toBe(201);
    const { id } = upload.json<{ id: string }>();
    // No engine in tests: the person types the transcript.
    const edited = await patch(client, `/api/voice-notes/${id}`, {
      transcript: 'I feel anxious and worried about tomorrow.',
    });
    expect(edited.status, edited.body).toBe(200);
    const item = await analysed(client, 'voice_note', id);
    expect(item.result.emotions.fear.words).toEqual(expect.arrayContaining(['anxious', 'worried']));
    expect(item.result.valence).toBeLessThan(0);
    expect((await client.request('DELETE', `/api/voice-notes/${id}`)).status).toBeLessThan(300);
    expect((await client.get(itemUrl('voice_note', id))).status).toBe(404);
  });

  it('analyses mail a person sends (their words only), and forgets it deleted for good', async () => {
    const ana = await person(app, 'Ana Letters');
    const ben = await person(app, 'Ben Letters');
    const first = await mailed(ben, {
      to: [ana.email],
      subject: 'Worried',
      content: 'I am terrified and furious.',
    });
    const draft = await replyDraft(ana, first.id, 'reply');
    const reply = await mailed(
      ana,
      {
        to: draft.to,
        subject: draft.subject,
        content: `I am so happy and grateful today!${draft.content}`,
      },
      draft.id,
    );
    const item = await analysed(ana.client, 'mail', reply.id);
    // Her words, not the quoted ones, nor the 'Re:' subject that is Ben's.
    expect(item.result.valence).toBeGreaterThan(0);
    expect(item.result.emotions.fear.count).toBe(0);
    expect(item.result.emotions.anger.count).toBe(0);
    expect(ownWords('Re: Worried', draft.content)).toBe('');
    // Ben's own analysis is of his words; Ana has none of his.
    await analysed(ben.client, 'mail', first.id);
    expect((await ana.client.get(itemUrl('mail', first.id))).status).toBe(404);
    // Her copy to the trash keeps it; deleted for good, it is gone (Ben keeps his copy).
    expect((await act(ana, [reply.id], 'trash')).status).toBe(200);
    expect((await ana.client.get(itemUrl('mail', reply.id))).status).toBe(200);
    expect((await act(ana, [reply.id], 'delete')).status).toBe(200);
    expect((await ana.client.get(itemUrl('mail', reply.id))).status).toBe(404);
    expect((await folder(ben, 'inbox')).map((m) => m.id)).toContain(reply.id);
  });

  it('"Delete my data" takes the derived data too', async () => {
    const { client, userId } = await signedInClient(app);
    const entry = await entryOf(client, { content: 'Such a happy, sunny day.', mood: 'happy' });
    await analysed(client, 'journal', entry.id);
    expect((await client.post('/api/account/delete-data')).status).toBe(200);
    for (const table of [analysisItems, analysisModels])
      expect(await app.database.db.select().from(table).where(eq(table.userId, userId))).toEqual(
        [],
      );
  });

  it('computes nothing while analysis is off, and catches up when it is on again', async () => {
    const { client } = await signedInClient(app);
    expect((await client.get('/api/insights/settings')).json()).toEqual({
      enabled: true,
      llmReflection: false,
      llmAvailable: false,
    });
    const off = await client.request('PATCH', '/api/insights/settings', {
      body: { enabled: false },
    });
    expect(off.json()).toMatchObject({ enabled: false });

    const entry = await entryOf(client, { content: 'A happy day at the beach.' });
    // Not even queued.
    expect(await jobsOf('journal', entry.id)).toEqual([]);
    expect((await client.get(itemUrl('journal', entry.id))).status).toBe(404);
    const list = await insights(client);
    expect(list).toMatchObject({ analysisEnabled: false, cards: [], itemsAnalysed: 0 });
    const saved = (await client.get(`/api/journal/entries/${entry.id}`)).json<JournalEntry>();
    expect(saved.emotional_state).toEqual({});

    await client.request('PATCH', '/api/insights/settings', { body: { enabled: true } });
    await analysed(client, 'journal', entry.id);
    expect((await insights(client)).analysisEnabled).toBe(true);
  });

  it('deletes everything derived on request, keeping the entries', async () => {
    const { client, userId } = await signedInClient(app);
    const entry = await entryOf(client, { content: 'Feeling hopeful and calm.', mood: 'happy' });
    await analysed(client, 'journal', entry.id);
    const response = await client.request('DELETE', '/api/insights/derived');
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ itemsDeleted: 1, disputesDeleted: 0 });
    expect(
      await app.database.db.select().from(analysisItems).where(eq(analysisItems.userId, userId)),
    ).toEqual([]);
    const kept = (await client.get(`/api/journal/entries/${entry.id}`)).json<JournalEntry>();
    expect(kept.content).toBe('Feeling hopeful and calm.');
    expect(kept.emotional_state).toEqual({});
    expect((await client.get('/api/insights/model')).json<PersonalModel>().entriesLearnedFrom).toBe(
      0,
    );
  });
});

describe('insights', () => {
  it('says it does not know yet below each minimum', async () => {
    const { client } = await signedInClient(app);
    const entry = await entryOf(client, { content: 'A good day.', mood: 'happy' });
    await analysed(client, 'journal', entry.id);
    const list = await insights(client);
    expect(list.analysisEnabled).toBe(true);
    expect(list.cards.map((c) => c.kind)).toEqual(
      expect.arrayContaining([
        'mood_trend',
        'valence_trend',
        'emotion_mix',
        'themes',
        'better_worse_days',
        'channel_patterns',
        'time_of_day',
        'weekly_reflection',
      ]),
    );
    for (const card of list.cards) {
      expect(card.status, card.id).toBe('not_enough_data');
      expect(card.interval, card.id).toBeNull();
      expect(card.claim, card.id).toMatch(/Not enough data yet/);
      expect(card.n, card.id).toBeLessThan(card.minimum);
    }
  });

  it('makes claims with n, an interval and evidence once there is enough, in the person’s tone', async () => {
    const { client, userId } = await signedInClient(app);
    expect((await patchField(client, 'emo_tone_preference', 'direct')).status).toBe(200);
    const days: { daysAgo: number; content: string; mood: string; tags: string[] }[] = [
      {
        daysAgo: 20,
        content: 'Terrible day at the office, tired and sad.',
        mood: 'sad',
        tags: ['work'],
      },
      {
        daysAgo: 18,
        content: 'The office again. Awful meeting, I feel miserable.',
        mood: 'sad',
        tags: ['work'],
      },
      {
        daysAgo: 15,
        content: 'Stressful deadline at the office, angry and tired.',
        mood: 'angry',
        tags: ['work'],
      },
      {
        daysAgo: 12,
        content: 'Lovely garden morning with friends, so happy.',
        mood: 'happy',
        tags: ['garden'],
      },
      {
        daysAgo: 9,
        content: 'Wonderful time in the garden, calm and grateful.',
        mood: 'happy',
        tags: ['garden'],
      },
      {
        daysAgo: 5,
        content: 'Great walk, grateful for the sunshine and friends.',
        mood: 'happy',
        tags: ['garden'],
      },
      {
        daysAgo: 1,
        content: 'Beautiful sunny day in the garden, happy and relaxed.',
        mood: 'excited',
        tags: ['garden'],
      },
      {
        daysAgo: 0,
        content: 'A delightful, happy evening with good friends.',
        mood: 'happy',
        tags: [],
      },
    ];
    for (const day of days) {
      const entry = await entryOf(client, { content: day.content, mood: day.mood, tags: day.tags });
      await analysed(client, 'journal', entry.id);
      await backdate(userId, entry.id, day.daysAgo);
    }

    const list = await insights(client, '?period=week');
    expect(list.tone).toBe('direct');
    const trend = cardOf(list, 'valence_trend:week');
    expect(trend).toMatchObject({ status: 'ok', tone: 'direct', nUnit: 'items' });
    expect(trend?.n).toBe(days.length);
    expect(trend?.interval?.low).toBeLessThanOrEqual(trend?.interval?.estimate ?? 0);
    expect(trend?.interval?.high).toBeGreaterThanOrEqual(trend?.interval?.estimate ?? 0);
    expect(trend?.evidence.items.length).toBeGreaterThan(0);
    expect(trend?.evidence.items[0]?.kind).toBe('journal');
    expect(trend?.evidence.items[0]?.href).toMatch(/^\/app\/journal\/text\//);
    expect(trend?.chart?.type).toBe('line');

    const weekly = cardOf(list, 'weekly_reflection');
    expect(weekly?.status).toBe('ok');
    expect(weekly?.claim).toMatch(/items\. Valence/);

    // 4 days tagged garden and 4 without: better days, an effect whose interval excludes 0.
    const garden = list.cards.find(
      (c) => c.kind === 'better_worse_days' && c.evidence.words.includes('garden'),
    );
    expect(garden).toMatchObject({ status: 'ok', nUnit: 'days', n: 8 });
    // The card's id names the tag without its words (decision 039).
    expect(garden?.id).toMatch(/^better_worse_days:[\w-]{16}$/);
    expect(garden?.interval?.unit).toMatch(/effect size/);
    expect(garden?.interval?.low).toBeGreaterThan(0);
    expect(garden?.claim).toMatch(/better days/);
    expect(garden?.evidence.words).toEqual(['garden']);

    const detail = (
      await client.get('/api/insights/mood_trend?period=month')
    ).json<InsightDetail>();
    expect(detail).toMatchObject({ kind: 'mood_trend', analysisEnabled: true });
    expect(detail.cards[0]?.id).toBe('mood_trend:month');
    expect(detail.method).toMatch(/happy\/excited \+1/);
    expect((await client.get('/api/insights/nonsense')).status).toBe(400);

    // The personal model learned this person's words for each mood.
    const model = (await client.get('/api/insights/model')).json<PersonalModel>();
    expect(model.status).toBe('ok');
    expect(model.entriesLearnedFrom).toBe(days.length);
    expect(model.perMood.happy).toBe(4);
    const happyWords = model.topWords.find((t) => t.mood === 'happy')?.words.map((w) => w.word);
    expect(happyWords).toEqual(expect.arrayContaining(['garden', 'friend']));
    expect(model.topWords.find((t) => t.mood === 'sad')?.words.map((w) => w.word)).toContain(
      'office',
    );

    // A dispute stored when card ids named their words still hides the card (decision 039).
    await app.database.db.insert(analysisDisputes).values({
      userId,
      insightId: 'better_worse_days:tag:garden',
      kind: 'better_worse_days',
      claim: garden?.claim ?? '',
      reason: 'from before',
      words: ['garden'],
    });
    const after = await insights(client, '?period=week');
    expect(after.cards.map((c) => c.id)).not.toContain(garden?.id);
    expect(after.hiddenCount).toBe(1);
    const disputes = (await client.get('/api/insights/model')).json<PersonalModel>().disputes;
    expect(disputes.map((d) => d.insightId)).toEqual([garden?.id]);
  });

  it('hides a disputed card, keeps the reason, and teaches the model', async () => {
    const ana = await person(app, 'Ana Disputes');
    const ben = await person(app, 'Ben Other');
    for (const [content, mood] of [
      ['Another long day at the office, so tired.', 'sad'],
      ['The office drained me again.', 'sad'],
      ['Office politics and a tired evening.', 'sad'],
      ['Lovely garden afternoon.', 'happy'],
      ['Garden time with friends, lovely.', 'happy'],
    ] as const) {
      const entry = await entryOf(ana.client, { content, mood });
      await analysed(ana.client, 'journal', entry.id);
    }
    const conversation = await startConversation(ana, ben);
    const message = await sent(ana, conversation.id, 'Stuck at the office and tired again.');
    const estimated = await analysed(ana.client, 'chat', message.id);
    expect(estimated.estimatedMood).toMatchObject({ mood: 'sad' });
    expect(estimated.estimatedMood?.words).toContain('office');

    const before = await insights(ana.client);
    const weekly = cardOf(before, 'weekly_reflection');
    expect(weekly?.status).toBe('ok');
    const refused = await ana.client.post('/api/insights/disputes', { insightId: 'nope:1' });
    expect(refused.status).toBe(404);
    // Only a claim can be disputed: Ben's card says it does not know yet.
    expect(
      (await ben.client.post('/api/insights/disputes', { insightId: 'weekly_reflection' })).status,
    ).toBe(404);

    const response = await ana.client.post('/api/insights/disputes', {
      insightId: 'weekly_reflection',
      reason: 'The office is not what drains me',
    });
    expect(response.status).toBe(201);
    const dispute = response.json<Dispute>();
    expect(dispute).toMatchObject({
      insightId: 'weekly_reflection',
      kind: 'weekly_reflection',
      reason: 'The office is not what drains me',
    });
    expect(dispute.words).toContain('office');

    const after = await insights(ana.client);
    expect(cardOf(after, 'weekly_reflection')).toBeUndefined();
    expect(after.hiddenCount).toBe(1);
    const model = (await ana.client.get('/api/insights/model')).json<PersonalModel>();
    expect(model.disputes.map((d) => d.reason)).toEqual(['The office is not what drains me']);
    expect(model.topWords.flatMap((t) => t.words.map((w) => w.word))).not.toContain('office');

    // "Hidden insights": the person's own, never anyone else's.
    const hidden = await ana.client.get('/api/insights/disputes');
    expect(hidden.json<DisputeList>().disputes).toEqual([dispute]);
    expect((await ben.client.get('/api/insights/disputes')).json<DisputeList>().disputes).toEqual(
      [],
    );

    expect(
      (await ben.client.request('DELETE', `/api/insights/disputes/${dispute.id}`)).status,
    ).toBe(404);
    expect(
      (await ana.client.request('DELETE', `/api/insights/disputes/${dispute.id}`)).status,
    ).toBe(204);
    const restored = await insights(ana.client);
    expect(cardOf(restored, 'weekly_reflection')).toBeDefined();
    expect(restored.hiddenCount).toBe(0);
    expect((await ana.client.get('/api/insights/disputes')).json<DisputeList>().disputes).toEqual(
      [],
    );
  });

  it('scores the IPIP-50 questionnaire, keeps every take and exports them', async () => {
    const { client } = await signedInClient(app);
    const empty = (await client.get('/api/insights/personality')).json<PersonalityOverview>();
    expect(empty.items).toHaveLength(50);
    expect(empty.attribution).toMatch(/International Personality Item Pool/);
    expect(empty.results).toEqual([]);
    expect(empty.styleIndicators).toMatchObject({
      tentative: true,
      status: 'not_enough_data',
      indicators: [],
    });
    expect((await client.post('/api/insights/personality', { answers: [3] })).status).toBe(400);

    const answers = Array<number>(50).fill(3);
    answers[0] = 5; // "I am the life of the party."
    const taken = await client.post('/api/insights/personality', { answers });
    expect(taken.status).toBe(201);
    expect(taken.json<PersonalityResult>().scores.extraversion).toEqual({
      raw: 32,
      mean: 3.2,
      percentOfRange: 55,
    });
    await client.post('/api/insights/personality', { answers: Array<number>(50).fill(3) });
    const after = (await client.get('/api/insights/personality')).json<PersonalityOverview>();
    expect(after.results.map((r) => r.scores.extraversion.raw)).toEqual([30, 32]);
    const exported = (await client.get('/api/account/export')).json<{
      analysis: { personality: unknown[] };
    }>();
    expect(exported.analysis.personality).toHaveLength(2);
  });

  it('exports the derived data with the account', async () => {
    const { client } = await signedInClient(app);
    const entry = await entryOf(client, { content: 'Grateful today.', mood: 'happy' });
    await analysed(client, 'journal', entry.id);
    const exported = await client.get('/api/account/export');
    expect(exported.status).toBe(200);
    const body = exported.json<{
      analysis: { items: { source_id: string }[]; settings: unknown };
    }>();
    expect(body.analysis.items.map((i) => i.source_id)).toEqual([entry.id]);
    expect(body.analysis.settings).toEqual({ enabled: true, llm_reflection: false });
  });
});
