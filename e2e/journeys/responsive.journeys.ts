import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';

/** Phones (360, 390), the sheet breakpoint (768) and a laptop (1280): SPEC §2, issue #18 item 1. */
const WIDTHS = [360, 390, 768, 1280];
const PAGES = [
  '/app/dashboard',
  '/app/chat',
  '/app/voice-notes',
  '/app/email/inbox',
  '/app/calls/history',
  '/app/journal/text/new',
  '/app/journal/calendar',
  '/app/profile/personal-info',
  '/app/settings/alerts',
  '/app/help/faq',
];

/** What is wider than the window, named so a failure says what to fix. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(el).position !== 'fixed';
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class')).slice(0, 60)}`);
    // A tab whose label does not fit runs into its neighbour (the Settings tabs did, on phones).
    const clipped = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]'))
      .filter((tab) => tab.scrollWidth > tab.clientWidth + 1)
      .map((tab) => tab.textContent);
    return { scroll: document.documentElement.scrollWidth, width, wide, clipped };
  });
}

/** What real people write, and what broke the layout in product walk 2 (issue 25 item 2). */
const LONG_URL =
  'https://example.org/articles/2026/11/why-the-worry-is-bigger-before-than-during?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-reflections-and-other-long-words';
const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung';
const longName = (label: string) =>
  `Maximiliana Alexandrovna ${label} Featherstonehaugh-Wolfeschlegelsteinhausenberger`.slice(
    0,
    100,
  );

/** A JSON call from the page, as the app makes it (session cookie and CSRF token). */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const [status, json] = await page.evaluate(
    async ([m, p, b]) => {
      const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const response = await fetch(p, {
        method: m,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return [response.status, await response.text()] as const;
    },
    [method, path, body] as const,
  );
  assert.ok(status < 300, `${method} ${path}: ${status} ${json}`);
  return (json ? JSON.parse(json) : null) as T;
}

/**
 * Long real data in every place the walk found it widening a page: a long name, journal entries
 * with a URL and a long word in their titles and words, a conversation and a letter with both.
 * Answers the pages that only exist with data (an entry, a conversation).
 */
async function writeLongData(page: Page, partnerPage: Page): Promise<string[]> {
  const partnerId = (await call<{ user: { id: string } }>(partnerPage, 'GET', '/api/session')).user
    .id;
  let entryId = '';
  // 25 entries: under the journal's rate (30 in 10 minutes), enough to fill lists and a month.
  for (let i = 0; i < 25; i++) {
    const entry = await call<{ id: string }>(page, 'POST', '/api/journal/entries', {
      title: `${i === 0 ? LONG_WORD : 'Reading'} ${i}: ${LONG_URL}`.slice(0, 200),
      content: `Read today: ${LONG_URL} and ${LONG_WORD}. Headache since noon, then a long walk.`,
      mood: i % 2 ? 'sad' : 'happy',
    });
    entryId ||= entry.id;
  }
  const { conversation } = await call<{ conversation: { id: string } }>(
    page,
    'POST',
    '/api/chat/conversations',
    { participantId: partnerId },
  );
  for (const content of [`Look: ${LONG_URL}`, `${LONG_WORD} ${LONG_WORD}`])
    await call(page, 'POST', `/api/chat/conversations/${conversation.id}/messages`, {
      clientId: randomUUID(),
      content,
    });
  const draft = randomUUID();
  await call(partnerPage, 'PUT', `/api/email/drafts/${draft}`, {
    to: [(await call<{ user: { email: string } }>(page, 'GET', '/api/session')).user.email],
    subject: `${LONG_WORD} about ${LONG_URL}`.slice(0, 200),
    content: `Here it is: ${LONG_URL}\n\n${LONG_WORD}`,
  });
  await call(partnerPage, 'POST', `/api/email/drafts/${draft}/send`, {});
  return [`/app/journal/text/${entryId}`, `/app/chat/${conversation.id}`];
}

export const responsiveJourneys: Journey[] = [
  {
    name: 'narrow windows with long real data: no page scrolls sideways and every top-bar control is on screen, 360 to 1280 px',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, {
        ...newAccount('narrow'),
        fullName: longName('Narrow'),
      });
      const partner = await createVerifiedAccount(baseUrl, {
        ...newAccount('narrow-partner'),
        fullName: longName('Partner'),
      });
      const page = await newPage({ viewport: { width: 1280, height: 800 } });
      await signIn(page, account);
      const partnerPage = await newPage();
      await signIn(partnerPage, partner);
      const dataPages = await writeLongData(page, partnerPage);
      await partnerPage.close();
      const topBar = page.locator('header').first();
      const controls = [
        topBar.getByRole('button', { name: 'Toggle sidebar' }),
        topBar.getByRole('button', { name: /Search/ }),
        topBar.getByRole('button', { name: /^Notifications/ }),
        topBar.getByRole('button', { name: 'Open context panel' }),
        topBar.getByRole('button', { name: 'Open user menu' }),
      ];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of [...PAGES, ...dataPages]) {
          await page.goto(path);
          await page.locator('main').waitFor();
          await page.waitForLoadState('networkidle');
          const { scroll, wide, clipped } = await overflowOf(page);
          assert.deepEqual(clipped, [], `${path} at ${width} px: tab labels do not fit`);
          assert.ok(
            scroll <= width,
            `${path} at ${width} px scrolls sideways (${scroll} px): ${wide.join(', ')}`,
          );
          for (const control of controls) {
            const box = await control.boundingBox();
            assert.ok(box, `${path} at ${width} px: a top-bar control is hidden`);
            assert.ok(
              box.x >= 0 && box.x + box.width <= width && box.width >= 24,
              `${path} at ${width} px: a top-bar control is off screen (${JSON.stringify(box)})`,
            );
          }
        }
      }
    },
  },
];
