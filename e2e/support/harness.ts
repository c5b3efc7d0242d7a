import AxeBuilder from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags that work for Debian's Chromium on these machines (STACK.md); the benches use them too. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Spoken English made by espeak-ng, played by Chromium's fake microphone (looped). */
function fakeMicrophoneWav(): string | null {
  const file = join(mkdtempSync(join(tmpdir(), 'kaleido-e2e-mic-')), 'speech.wav');
  const run = spawnSync('espeak-ng', [
    '-w',
    file,
    'Hello Kaleido. This is a voice note about my morning walk in the park.',
  ]);
  return run.status === 0 ? file : null;
}

export function launchBrowser(): Promise<Browser> {
  const wav = fakeMicrophoneWav();
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      // A microphone that needs no permission prompt (voice notes); without espeak-ng, a beep.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(wav ? [`--use-file-for-fake-audio-capture=${wav}`] : []),
      '--autoplay-policy=no-user-gesture-required',
      // Calls between two contexts of this browser: host candidates on loopback, not hidden
      // behind mDNS names (STACK.md; run inside a loopback-only network namespace for 127.0.0.1).
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
}

/**
 * A console error a journey may cause on purpose: an API call answering 4xx (Chromium logs every
 * failed request, e.g. a wrong password's 401). A failed page asset is never expected.
 */
function isExpectedConsoleError(text: string, url: string): boolean {
  return (
    /Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
    new URL(url, 'http://x').pathname.startsWith('/api/')
  );
}

export interface JourneyContext {
  baseUrl: string;
  browser: Browser;
  /** A new browser context (fresh cookies and storage) with one page, watched for errors. */
  newPage: (options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
  /** Fails on any serious or critical axe-core violation of the page as it is now. */
  checkA11y: (page: Page, label: string) => Promise<void>;
}

export interface Journey {
  name: string;
  /** Set when the journey cannot run here; the reason is printed. */
  unavailableBecause?: () => Promise<string | null>;
  run: (ctx: JourneyContext) => Promise<void>;
  /** Which server the journey needs: the default one, or the one with a short idle timeout. */
  server?: 'main' | 'idle';
  /**
   * The CLI role accounts it signs in with (support/roles.ts): no journey holding one of the same
   * runs beside it.
   */
  holds?: readonly ('user' | 'client' | 'admin')[];
  /**
   * Runs with no other journey beside it: it changes the whole instance (System settings), or
   * its subject is timing the machine must not be shared for (idle timeout, live media).
   */
  alone?: boolean;
}

const ARTIFACTS = '.e2e-artifacts';
const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);

export async function withJourneyContext(
  browser: Browser,
  baseUrl: string,
  body: (ctx: JourneyContext) => Promise<void>,
  /** Names the failure screenshots in .e2e-artifacts/. */
  label = 'journey',
): Promise<void> {
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const ctx: JourneyContext = {
    baseUrl,
    browser,
    async newPage(options) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: options?.viewport ?? { width: 1280, height: 800 },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (isExpectedConsoleError(text, message.location().url)) return;
        problems.push(`console error on ${page.url()}: ${text}`);
      });
      page.on('pageerror', (error) =>
        problems.push(`page error on ${page.url()}: ${error.message}`),
      );
      return page;
    },
    async checkA11y(page, label) {
      // Toasts are checked as a person reads them: with the pointer on one, sonner pauses their
      // timers and spreads the stack, so none starts to fade out while axe is measuring (a toast
      // leaving mid-analysis was measured at half opacity and failed contrast).
      const toast = page.locator('[data-sonner-toast]:not([data-removed="true"])').first();
      const hovered =
        (await toast.count()) > 0 &&
        (await toast
          .hover({ timeout: 2_000 })
          .then(() => true)
          .catch(() => false));
      // Let entering toasts and dialogs finish their transitions: mid-fade colours are not real.
      await page
        .waitForFunction(
          () => document.getAnimations().every((a) => a.playState !== 'running'),
          null,
          {
            timeout: 3_000,
          },
        )
        .catch(() => undefined);
      const result = await new AxeBuilder({ page }).analyze();
      if (hovered) await page.mouse.move(0, 0);
      const serious = result.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      if (serious.length > 0) {
        const lines = serious.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        );
        throw new Error(`axe on ${label} (${page.url()}):\n  ${lines.join('\n  ')}`);
      }
    },
  };
  try {
    await body(ctx);
  } catch (error) {
    // A screenshot of every open page, for whoever reads the failure (.e2e-artifacts is ignored).
    mkdirSync(ARTIFACTS, { recursive: true });
    let n = 0;
    for (const context of contexts)
      for (const page of context.pages()) {
        n += 1;
        const file = join(ARTIFACTS, `${slug(label)}-${n}.png`);
        await page.screenshot({ path: file }).catch(() => undefined);
      }
    throw error;
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
  }
  if (problems.length > 0) throw new Error(`unexpected errors:\n  ${problems.join('\n  ')}`);
}
