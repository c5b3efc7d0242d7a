import { writeFileSync } from 'node:fs';
import { launchBrowser, withJourneyContext, type Journey } from './support/harness';
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

/** Runs every journey in one browser, one fresh context each, and records the counts. */
const journeys: Journey[] = [
  ...authJourneys,
  ...recoveryJourneys,
  ...guardJourneys,
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
  ...responsiveJourneys,
  ...walkJourneys,
  ...careJourneys,
  ...adminJourneys,
  ...callsJourneys,
  ...callRoomJourneys,
];

const { E2E_BASE_URL: baseUrl, E2E_IDLE_BASE_URL: idleBaseUrl } = process.env;
if (!baseUrl || !idleBaseUrl) throw new Error('run through `npm run test:e2e`');
const urls = { main: baseUrl, idle: idleBaseUrl };
const filter = process.argv[2];

const browser = await launchBrowser();
let passed = 0;
let failed = 0;
const started = Date.now();

// In CI a failed journey runs once more in a fresh context and, if it passes then, is reported
// as flaky with its first error (docs/decisions/020-retry-once-in-ci.md).
const retries = Number(process.env.E2E_RETRIES ?? (process.env.CI === 'true' ? 1 : 0));
const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

async function runOne(journey: Journey): Promise<void> {
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
}

// Journeys use their own accounts and browser contexts, so they can run side by side
// (E2E_WORKERS=2 roughly halves the time). The default is one at a time: with two, Chromium let a
// page's Ctrl+N through to the browser now and then, and timing-sensitive journeys got flaky.
const queue = journeys.filter((journey) => !filter || journey.name.includes(filter));
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
await Promise.all(
  Array.from({ length: workers }, async () => {
    for (let journey = queue.shift(); journey; journey = queue.shift()) await runOne(journey);
  }),
);
await browser.close();
console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(0)} s`);
writeFileSync(process.env.E2E_RESULT_FILE ?? '/dev/null', JSON.stringify({ passed, failed }));
