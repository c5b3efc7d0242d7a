import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { page } from '../../../test/fixtures/journal-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Security probe 2, N18: a retried create (the answer was lost) stored a second entry. */
describe('creating a journal entry with the client’s key', () => {
  it('answers a retry with the entry saved first (200), never a second one', async () => {
    const { client } = await signedInClient(app);
    const body = { title: 'Morning', content: 'Slept well.', clientKey: randomUUID() };
    const first = await client.post('/api/journal/entries', body);
    expect(first.status).toBe(201);
    const retry = await client.post('/api/journal/entries', body);
    expect(retry.status).toBe(200);
    expect(retry.json<JournalEntry>().id).toBe(first.json<JournalEntry>().id);
    expect((await page(client, 'limit=50')).entries).toHaveLength(1);
  });

  it('saves once when the same key is sent several times at once', async () => {
    const { client } = await signedInClient(app);
    const body = { content: 'Sent five times by a flaky network.', clientKey: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/api/journal/entries', body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<JournalEntry>().id)).size).toBe(1);
    expect((await page(client, 'limit=50')).entries).toHaveLength(1);
  });

  it('refuses a key reused for other words (409), and keys are per person', async () => {
    const ada = await signedInClient(app);
    const clientKey = randomUUID();
    expect(
      (await ada.client.post('/api/journal/entries', { content: 'A', clientKey })).status,
    ).toBe(201);
    const reused = await ada.client.post('/api/journal/entries', { content: 'B', clientKey });
    expect(reused.status).toBe(409);
    expect(reused.json()).toMatchObject({
      code: 'CLIENT_KEY_REUSED',
      message:
        'This entry key was already used for a different entry. Reload the page and save again.',
    });
    const bob = await signedInClient(app);
    expect(
      (await bob.client.post('/api/journal/entries', { content: 'B', clientKey })).status,
    ).toBe(201);
    const bad = await bob.client.post('/api/journal/entries', { content: 'C', clientKey: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', message: 'clientKey must be a UUID' });
  });
});
