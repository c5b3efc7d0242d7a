import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** Waits until the path (and query, when given) matches. */
export async function expectPath(page: Page, expected: string | RegExp): Promise<void> {
  try {
    await page.waitForURL(
      (url) => {
        const actual = url.pathname + url.search;
        return typeof expected === 'string' ? actual === expected : expected.test(actual);
      },
      { timeout: 10_000 },
    );
  } catch {
    const url = new URL(page.url());
    assert.fail(`expected path ${String(expected)}, got ${url.pathname}${url.search}`);
  }
}

export async function expectVisible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    assert.fail(`expected to see ${what}`);
  }
}

/** A sonner toast with this title and, when given, this description. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await expectVisible(toast, `toast '${title}'`);
  if (description !== undefined) {
    await expectVisible(
      toast.filter({ hasText: description }),
      `toast '${title}' / '${description}'`,
    );
  }
}

/** Dismisses every visible toast so the next expectation sees only new ones. */
export async function dismissToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const button of Array.from(
      document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]'),
    ))
      button.click();
  });
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}
