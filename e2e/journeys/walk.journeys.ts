import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import type { Journey } from '../support/harness';
import { roleAccount, selectInterface } from '../support/roles';
import { signIn } from '../support/ui';

// Issue #18 item 2: no control that does nothing. A person who walks every page and opens every
// drawer and menu must never meet a disabled control that does not say why it is disabled.

/** At most this many pages per interface, so a link that makes new paths cannot loop. */
const MAX_PAGES = 60;

/**
 * The disabled controls on screen that do not say why: neither a description (aria-describedby,
 * title) nor a busy region around them, and not a form's action waiting for its fields.
 */
async function unexplainedDisabled(page: Page, within = 'body'): Promise<string[]> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate((rootSelector) => {
    const selector =
      'button, input, select, textarea, [role="button"], [role="menuitem"], [role="tab"], [role="option"], [role="switch"], [role="checkbox"]';
    const found: string[] = [];
    const roots = Array.from(document.querySelectorAll(rootSelector));
    const candidates = roots.flatMap((root) =>
      Array.from(root.querySelectorAll<HTMLElement>(selector)),
    );
    for (const el of candidates) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden')
        continue;
      if (!(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true')
        continue;
      if (el.getAttribute('title') || el.closest('[aria-busy="true"]')) continue;
      const description = (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent.trim() ?? '')
        .join(' ')
        .trim();
      if (description !== '') continue;
      // A form's action waiting for input the person can see and fill: the field explains it.
      const form = el.closest('form');
      const fillable =
        form !== null &&
        Array.from(form.querySelectorAll<HTMLInputElement>('input, textarea')).some((field) => {
          const fieldBox = field.getBoundingClientRect();
          return field.type !== 'hidden' && !field.disabled && fieldBox.width > 0;
        });
      if (fillable) continue;
      const name =
        el.getAttribute('aria-label') ??
        (el.textContent.trim() || (el as HTMLInputElement).name || el.tagName.toLowerCase());
      found.push(`"${name.slice(0, 40)}" (${el.tagName.toLowerCase()})`);
    }
    return found;
  }, within);
}

/** Same-interface links on the page, as paths without their query, in page order. */
async function linksOn(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate((start) => {
    const paths = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))
      .map((a) => new URL(a.href, location.href))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith(start))
      .map((url) => url.pathname);
    return [...new Set(paths)];
  }, prefix);
}

/** Opens a top-bar control (a menu or a drawer), checks what it shows, and closes it. */
async function openAndCheck(
  page: Page,
  controlName: RegExp | string,
  where: string,
  problems: string[],
): Promise<void> {
  const control = page.locator('header').first().getByRole('button', { name: controlName });
  if ((await control.count()) === 0 || !(await control.isVisible())) return;
  await control.click();
  const opened = page.locator('[role="dialog"], [role="menu"]').last();
  await opened.waitFor().catch(() => undefined);
  const tabs = opened.getByRole('tab');
  const tabCount = await tabs.count();
  // A drawer with panels: each panel, one after the other, as a person would open them.
  for (let index = 0; index < Math.max(tabCount, 1); index += 1) {
    if (tabCount > 0) await tabs.nth(index).click();
    // Only what the menu or drawer shows: the page under it is checked on its own.
    for (const control of await unexplainedDisabled(page, '[role="dialog"], [role="menu"]'))
      problems.push(`${String(controlName)} (first on ${where}): ${control}`);
  }
  await page.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' }).catch(() => undefined);
}

/** Every page reachable by links from `start` within `prefix`, each checked with its menus. */
async function walk(page: Page, start: string, prefix: string): Promise<string[]> {
  const problems: string[] = [];
  const queue = [start];
  const seen = new Set(queue);
  let visited = 0;
  while (queue.length > 0 && visited < MAX_PAGES) {
    const path = queue.shift() as string;
    visited += 1;
    await page.goto(path);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    const where = new URL(page.url()).pathname;
    for (const control of await unexplainedDisabled(page)) problems.push(`${where}: ${control}`);
    await openAndCheck(page, 'Open context panel', where, problems);
    await openAndCheck(page, 'Open user menu', where, problems);
    await openAndCheck(page, /^Notifications/, where, problems);
    for (const link of await linksOn(page, prefix)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return [`${prefix}: ${visited} pages`, ...problems];
}

export const walkJourneys: Journey[] = [
  {
    name: 'walk: every page, drawer and menu of the three interfaces; no disabled control without a reason',
    holds: ['admin'],
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('walker'));
      const page = await newPage();
      await signIn(page, account);
      const [userPages, ...userProblems] = await walk(page, '/app/dashboard', '/app/');
      // The workspace's sidebar alone links nine areas with their sub-pages.
      assert.ok(Number(/(\d+) pages/.exec(userPages ?? '')?.[1]) >= 15, `few pages: ${userPages}`);
      const admin = roleAccount('admin');
      const problems = [...userProblems];
      const counts = [userPages];
      if (admin) {
        const adminPage = await newPage();
        await signIn(adminPage, admin, /\/(interface-selection|app|client|admin)/);
        for (const [view, start] of [
          ['client', '/client'],
          ['admin', '/admin'],
        ] as const) {
          await selectInterface(adminPage, view);
          const [pages, ...found] = await walk(adminPage, start, start);
          counts.push(pages ?? '');
          problems.push(...found);
        }
      }
      console.log(`    walked ${counts.join(', ')}`);
      // The shell's menus are the same on every page: each control is reported once.
      const unique = problems.filter(
        (problem, index) =>
          problems.findIndex(
            (p) =>
              p.replace(/ \(first on [^)]*\)/, '') === problem.replace(/ \(first on [^)]*\)/, ''),
          ) === index,
      );
      assert.deepEqual(
        unique,
        [],
        `disabled controls that do not say why (${counts.join(', ')}):\n  ${unique.join('\n  ')}`,
      );
    },
  },
];
