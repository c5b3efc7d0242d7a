import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
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

export const responsiveJourneys: Journey[] = [
  {
    name: 'narrow windows: no page scrolls sideways and every top-bar control is on screen, 360 to 1280 px',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('narrow'));
      const page = await newPage({ viewport: { width: 1280, height: 800 } });
      await signIn(page, account);
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
        for (const path of PAGES) {
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
