import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema/journal';
import { signedInClient } from '../../../test/fixtures/accounts-fixtures';
import { entryOf } from '../../../test/fixtures/journal-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 24 N5 through the routes: three PDF exports at once by one person used to lay out three
 * PDFs on the event loop one after another (10.7 s of stall). Now one is prepared, in a worker,
 * and the others are refused at once with a code the client can word; someone else's export
 * and the person's Markdown export are not held up by it.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_FACTOR: '100' });
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('PDF exports through the routes', () => {
  it('prepares one PDF per person at a time and refuses the others with EXPORT_IN_PROGRESS', async () => {
    const ada = await signedInClient(app);
    const bob = await signedInClient(app);
    for (let i = 0; i < 3; i++)
      await entryOf(ada.client, {
        title: `Day ${i}`,
        content: 'Walked. '.repeat(200),
        mood: 'neutral',
      });
    await entryOf(bob.client, { title: 'Bob', content: 'Read.', mood: 'happy' });

    const [first, second, third, bobs, markdown] = await Promise.all([
      ada.client.get('/api/journal/export.pdf'),
      ada.client.get('/api/journal/export.pdf'),
      ada.client.get('/api/journal/export.pdf'),
      bob.client.get('/api/journal/export.pdf'),
      ada.client.get('/api/journal/export.md'),
    ]);
    const statuses = [first, second, third].map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    for (const refused of [first, second, third].filter((r) => r.status === 429)) {
      expect(refused.json<{ code: string; message: string }>()).toMatchObject({
        code: 'EXPORT_IN_PROGRESS',
        message: 'Your previous export is still being prepared. Please wait for it to finish.',
      });
      expect(refused.headers['retry-after']).toBe('5');
    }
    const done = [first, second, third].find((r) => r.status === 200);
    expect(done?.body.slice(0, 5)).toBe('%PDF-');
    expect(bobs.status).toBe(200);
    expect(markdown.status).toBe(200);

    // Once it is done, the person may ask again.
    expect((await ada.client.get('/api/journal/export.pdf')).status).toBe(200);
  }, 120_000);

  it('refuses a PDF over the cap with EXPORT_TOO_LARGE, and still writes its Markdown', async () => {
    const cy = await signedInClient(app);
    // 2.2 MB of words, written straight to the table (the API would take minutes for this).
    await app.database.db.insert(journalEntries).values(
      Array.from({ length: 220 }, (_, i) => ({
        userId: cy.userId,
        title: `Long day ${i}`,
        content: 'Walked by the river and thought. '.repeat(303),
        inputType: 'text' as const,
      })),
    );
    const pdf = await cy.client.get('/api/journal/export.pdf');
    expect(pdf.status).toBe(422);
    expect(pdf.json()).toMatchObject({
      code: 'EXPORT_TOO_LARGE',
      message:
        'This is too much for one PDF (at most 2 MB of text). Choose a shorter period, or export it as Markdown.',
    });
    // A shorter period is within the cap; Markdown has none.
    expect((await cy.client.get('/api/journal/export.md')).status).toBe(200);
    expect(
      (await cy.client.get('/api/journal/export.pdf?from=2000-01-01&to=2000-01-02')).status,
    ).toBe(200);
  }, 120_000);
});
