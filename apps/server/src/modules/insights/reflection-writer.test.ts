import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSettings } from '@kaleido/shared/insights/insights.schemas';
import type { InsightCard, InsightList } from '@kaleido/shared/insights/insight-cards.schemas';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { entryOf, patch } from '../../../test/fixtures/journal-fixtures';
import { waitFor } from '../../../test/fixtures/wait-for';
import type { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { TestClient as Client } from '../../../test/http-client';

// A stand-in for the operator's OpenAI-compatible chat endpoint (an external service): it
// records what it is asked and answers with a fixed reflection.
const ANSWER = 'You wrote a few times this week, mostly about calm walks. A steady week.';
const asked: { auth: string | undefined; body: Record<string, unknown> }[] = [];
let llm: Server;
let app: TestApp;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
};

beforeAll(async () => {
  llm = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      asked.push({ auth: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: ANSWER } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const { port } = llm.address() as AddressInfo;
  app = await createTestApp(
    { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'tiny-chat', LLM_API_KEY: 'k-123' },
    { analysisWorker: true },
  );
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => llm.close(resolve));
});

const weeklyOf = async (client: TestClient) =>
  (await client.get('/api/insights'))
    .json<InsightList>()
    .cards.find((c: InsightCard) => c.kind === 'weekly_reflection');

describe('the weekly reflection written by the operator’s language model', () => {
  it('is written from templates unless the person turns it on, then by the model from figures only', async () => {
    const { client } = await signedInClient(app);
    const settings = (await client.get('/api/insights/settings')).json<AnalysisSettings>();
    expect(settings).toEqual({ enabled: true, llmReflection: false, llmAvailable: true });

    const texts = [
      'A calm walk by the river with Sarah, and tea afterwards.',
      'Work was stressful but the evening walk helped me feel calm.',
      'Slept well and walked to the market in the sun.',
    ];
    for (const content of texts) await entryOf(client, { content, mood: 'happy' });
    const template = await waitFor(async () => {
      const card = await weeklyOf(client);
      return card?.status === 'ok' && card.n >= texts.length ? card : null;
    }, 'a weekly reflection from three entries');
    expect(template.writtenBy).toBeUndefined();
    expect(asked).toHaveLength(0);

    const on = await patch(client, '/api/insights/settings', { llmReflection: true });
    expect(on.status).toBe(200);
    expect(on.json<AnalysisSettings>()).toMatchObject({ enabled: true, llmReflection: true });

    const written = await waitFor(async () => {
      const card = await weeklyOf(client);
      return card?.writtenBy === 'language_model' ? card : null;
    }, 'the reflection written by the model');
    expect(written).toMatchObject({ claim: ANSWER, n: template.n, status: 'ok' });
    expect(asked).toHaveLength(1);
    const request = asked[0];
    expect(request?.auth).toBe('Bearer k-123');
    expect(request?.body.model).toBe('tiny-chat');
    // Figures, not what the person wrote.
    const sent = JSON.stringify(request?.body.messages);
    expect(sent).toContain(`${template.n} items`);
    for (const text of texts) expect(sent).not.toContain(text);
    expect(sent).not.toContain('Sarah');

    // The same week's figures are not asked about again.
    await weeklyOf(client);
    expect(asked).toHaveLength(1);

    await patch(client, '/api/insights/settings', { llmReflection: false });
    const back = await weeklyOf(client);
    expect(back?.writtenBy).toBeUndefined();
    expect(back?.claim).not.toBe(ANSWER);
  });

  it('keeps the written reflection across a restart, without asking the model again', async () => {
    const database = await createTestDatabase();
    const env = {
      LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
      LLM_MODEL: 'tiny-chat',
    };
    const first = await createTestApp(env, { database, analysisWorker: true });
    let restarted: TestApp | null = null;
    try {
      const { client } = await signedInClient(first);
      for (const content of ['A calm walk by the river.', 'Tea with a friend, a quiet evening.'])
        await entryOf(client, { content, mood: 'happy' });
      await waitFor(async () => {
        const card = await weeklyOf(client);
        return card?.status === 'ok' && card.n >= 2 ? card : null;
      }, 'a weekly reflection from two entries');
      await patch(client, '/api/insights/settings', { llmReflection: true });
      await waitFor(
        async () => (await weeklyOf(client))?.writtenBy === 'language_model',
        'the reflection written by the model',
      );
      const askedBefore = asked.length;
      await first.close();

      // A new instance on the same database: the reflection is there at once, not asked again.
      restarted = await createTestApp(env, { database, analysisWorker: true });
      // The same browser: its session cookie, kept in the database, still signs it in.
      const again = new Client(restarted.app, '10.9.9.9');
      for (const [name, value] of client.cookies) again.cookies.set(name, value);
      await again.loadSession();
      expect(await weeklyOf(again)).toMatchObject({ writtenBy: 'language_model', claim: ANSWER });
      expect(asked).toHaveLength(askedBefore);

      // The person's data: in the export, gone with "Delete my data".
      const exported = (await again.get('/api/account/export')).json<{
        analysis: { weekly_reflections: { text: string; model: string }[] };
      }>();
      expect(exported.analysis.weekly_reflections).toEqual([
        expect.objectContaining({ text: ANSWER, model: 'tiny-chat' }),
      ]);
      expect((await again.post('/api/account/delete-data')).status).toBe(200);
      const after = (await again.get('/api/account/export')).json<typeof exported>();
      expect(after.analysis.weekly_reflections).toEqual([]);
    } finally {
      await (restarted ?? first).close().catch(() => undefined);
      await database.close();
    }
  });

  it('refuses a settings change that changes nothing', async () => {
    const { client } = await signedInClient(app);
    expect((await patch(client, '/api/insights/settings', {})).status).toBe(400);
    expect((await patch(client, '/api/insights/settings', { llmReflection: 'yes' })).status).toBe(
      400,
    );
  });
});
