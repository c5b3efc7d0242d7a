import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, withJourneyContext, type Journey } from './support/harness';
import { runningJourney } from './support/roles';
import { authJourneys } from './journeys/auth.journeys';
import { guardJourneys } from './journeys/guard.journeys';
import { shellJourneys } from './journeys/shell.journeys';
import { recoveryJourneys } from './journeys/recovery.journeys';
import { sessionJourneys } from './journeys/session.journeys';
import { notificationJourneys } from './journeys/notifications.journeys';
import { pagesJourneys } from './journeys/pages.journeys';
import { chatMediaJourneys } from './journeys/chat-media.journeys';
import { chatJourneys } from './journeys/chat.journeys';
import { voiceNotesJourneys } from './journeys/voice-notes.journeys';
import { journalJourneys } from './journeys/journal.journeys';
import { dashboardJourneys } from './journeys/dashboard.journeys';
import { insightsJourneys } from './journeys/insights.journeys';
import { emailJourneys } from './journeys/email.journeys';
import { careJourneys } from './journeys/care.journeys';
import { adminJourneys } from './journeys/admin.journeys';
import { callRoomJourneys } from './journeys/call-room.journeys';
import { callsJourneys } from './journeys/calls.journeys';
import { profileJourneys } from './journeys/profile.journeys';
import { settingsJourneys } from './journeys/settings.journeys';
import { responsiveJourneys } from './journeys/responsive.journeys';
import { walkJourneys } from './journeys/walk.journeys';

/**
 * Every journey, in the order they start. The longest (the walk, 220 s; the narrow windows,
 * 80-100 s) start right after the guard's, which must meet the first-time admin first, so that
 * none of them is left running alone at the end of the run.
 */
const journeys: Journey[] = [
  ...authJourneys,
  ...recoveryJourneys,
  ...guardJourneys,
  ...walkJourneys,
  ...responsiveJourneys,
  ...shellJourneys,
  ...sessionJourneys,
  ...notificationJourneys,
  ...pagesJourneys,
  ...chatJourneys,
  ...chatMediaJourneys,
  ...voiceNotesJourneys,
  ...journalJourneys,
  ...dashboardJourneys,
  ...insightsJourneys,
  ...emailJourneys,
  ...profileJourneys,
  ...settingsJourneys,
  ...careJourneys,
  ...adminJourneys,
  ...callsJourneys,
  ...callRoomJourneys,
];

const { E2E_BASE_URL: baseUrl, E2E_IDLE_BASE_URL: idleBaseUrl } = process.env;
if (!baseUrl || !idleBaseUrl) throw new Error('run through `npm run test:e2e`');
const urls = { main: baseUrl, idle: idleBaseUrl };
const filter = process.argv[2];

let passed = 0;
let failed = 0;
const started = Date.now();

// In CI a failed journey runs once more in a fresh context and, if it passes then, is reported
// as flaky with its first error (docs/decisions/020-retry-once-in-ci.md).
const retries = Number(process.env.E2E_RETRIES ?? (process.env.CI === 'true' ? 1 : 0));
const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

async function runOne(browser: Browser, journey: Journey): Promise<void> {
  const holds = journey.holds ?? [];
  // Inside the journey's async context, so roleAccount() can check what it holds.
  await runningJourney.run({ name: journey.name, holds }, async () => {
    const skipReason = journey.unavailableBecause ? await journey.unavailableBecause() : null;
    if (skipReason) {
      console.log(`- skipped: ${journey.name} (${skipReason})`);
      return;
    }
    const errors: unknown[] = [];
    for (let attempt = 0; attempt <= retries; attempt++) {
      const t0 = Date.now();
      try {
        const url = urls[journey.server ?? 'main'];
        await withJourneyContext(browser, url, journey.run, journey.name);
        passed += 1;
        console.log(`✓ ${journey.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        if (errors.length)
          console.log(
            `    flaky (passed on retry); first try: ${describe(errors[0]).split('\n')[0]}`,
          );
        return;
      } catch (error) {
        errors.push(error);
      }
    }
    failed += 1;
    console.log(`✗ ${journey.name}\n    ${errors.map(describe).join('\n    retry: ')}`);
  });
}

// Four journeys at a time (E2E_WORKERS=1 for one), each worker with a Chromium of its own, so a
// keyboard shortcut or a focus change in one journey's windows never reaches the other's (one
// shared browser let a page's Ctrl+N through to the browser now and then). A journey never runs
// beside one that holds the same CLI role account, and one marked `alone` runs by itself
// (docs/decisions/046-ci-in-25-minutes.md). Journeys start in the order listed above.
const queue = journeys.filter((journey) => !filter || journey.name.includes(filter));
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 4));
const running = new Set<Journey>();
const waiting: (() => void)[] = [];
const somethingFinished = () => new Promise<void>((resolve) => waiting.push(resolve));

/** The first queued journey that may start beside those running now, or null. */
function next(): Journey | null {
  if ([...running].some((journey) => journey.alone)) return null;
  const held = new Set([...running].flatMap((journey) => journey.holds ?? []));
  const index = queue.findIndex(
    (journey) =>
      (!journey.alone || running.size === 0) &&
      !(journey.holds ?? []).some((role) => held.has(role)),
  );
  return index === -1 ? null : (queue.splice(index, 1)[0] ?? null);
}

const browsers: Browser[] = [];
await Promise.all(
  Array.from({ length: Math.min(workers, queue.length) }, async () => {
    const browser = await launchBrowser();
    browsers.push(browser);
    while (queue.length > 0) {
      const journey = next();
      if (!journey) {
        await somethingFinished();
        continue;
      }
      running.add(journey);
      try {
        await runOne(browser, journey);
      } finally {
        running.delete(journey);
        for (const wake of waiting.splice(0)) wake();
      }
    }
  }),
);
for (const browser of browsers) await browser.close();
console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(0)} s`);
writeFileSync(process.env.E2E_RESULT_FILE ?? '/dev/null', JSON.stringify({ passed, failed }));
