// Call set-up figures, one run (~3-4 minutes on 2 cores):   node --import tsx bench/calls.ts
// Needs the build (`npm run build`). Starts the built server on a fresh embedded database (set
// DATABASE_URL for PostgreSQL), signs two people in to two Chromium contexts with fake devices,
// and places CALLS (default 50) audio calls from A to B through the web app:
//   - set-up: A clicks 'Audio call' → both rooms say 'Connected' (B accepts as soon as the
//     dialog shows: a person takes seconds, which is not the system's time);
//   - connect after accept: B clicks Accept → both connected (negotiation, ICE, DTLS);
//   - baseline in the same run, on the same sockets: the raw signalling round trip (an app-level
//     ping → pong on A's socket) and a relayed signal A → server → B (an ICE message in a
//     connected call, one way; both pages share the browser's clock).
// Prints p50/p95 in ms and the ratio to the round trip. Run inside a loopback-only network
// namespace (`ip netns exec …`, STACK.md) for 127.0.0.1 ↔ 127.0.0.1. A figure, not a test.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount } from '../e2e/support/accounts';
import { launchBrowser } from '../e2e/support/harness';
import { signInThroughUi } from '../e2e/support/ui';
import { benchEnv, startProcess, stop } from './lib/processes.mjs';

const CALLS = Number(process.env.CALLS ?? 50);
const SAMPLES = Number(process.env.SAMPLES ?? 200);

function trackSocket() {
  const w = window as unknown as { __ws?: WebSocket };
  const Original = window.WebSocket;
  window.WebSocket = new Proxy(Original, {
    construct(target, args: ConstructorParameters<typeof WebSocket>) {
      const socket = new target(...args);
      w.__ws = socket;
      return socket;
    },
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function phase(page: Page, expected: string) {
  await page.waitForSelector(`[data-testid="call-phase"][data-phase="${expected}"]`, {
    timeout: 30_000,
  });
}

const env = benchEnv({ LOG_LEVEL: 'warn' });
const server = await startProcess(['apps/server/dist/main.js'], env, '/readyz');
const browser = await launchBrowser();
try {
  const [a, b] = await Promise.all([
    createVerifiedAccount(server.url, newAccount('bench-call-a')),
    createVerifiedAccount(server.url, newAccount('bench-call-b')),
  ]);
  const pages: Page[] = [];
  for (const account of [a, b]) {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.addInitScript(trackSocket);
    // tsx names the functions it compiles with a helper the page does not have.
    await page.addInitScript('globalThis.__name = (f) => f;');
    await signInThroughUi(page, account);
    await page.waitForSelector('[data-testid="online-indicator"][data-realtime="open"]');
    pages.push(page);
  }
  const [pageA, pageB] = pages as [Page, Page];
  const bId = await pageB.evaluate(async () => {
    const session = (await (await fetch('/api/session')).json()) as { user: { id: string } };
    return session.user.id;
  });

  const setup: number[] = [];
  const afterAccept: number[] = [];
  const placeUrl = `/app/calls/new/audio?to=${bId}&name=${encodeURIComponent(b.fullName)}`;
  for (let i = 0; i < CALLS; i++) {
    await pageA.goto(placeUrl);
    const button = pageA.getByRole('button', { name: `Audio call ${b.fullName}` });
    await button.waitFor();
    const started = performance.now();
    await button.click();
    const accept = pageB
      .getByRole('dialog', { name: 'Incoming audio call' })
      .getByRole('button', { name: 'Accept' });
    await accept.waitFor({ timeout: 30_000 });
    const accepted = performance.now();
    await accept.click();
    await Promise.all([phase(pageA, 'connected'), phase(pageB, 'connected')]);
    const connected = performance.now();
    setup.push(connected - started);
    afterAccept.push(connected - accepted);
    if (i === CALLS - 1) break; // the last call stays up for the relay baseline
    await pageA.getByRole('button', { name: 'End call' }).click();
    await phase(pageB, 'ended');
  }

  // Baselines on the same sockets.
  const roundTrips = await pageA.evaluate(async (samples) => {
    const ws = (window as unknown as { __ws: WebSocket }).__ws;
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          if ((JSON.parse(String(event.data)) as { type: string }).type !== 'pong') return;
          ws.removeEventListener('message', onMessage);
          resolve();
        };
        ws.addEventListener('message', onMessage);
        ws.send(JSON.stringify({ type: 'ping' }));
      });
      times.push(performance.now() - t0);
    }
    return times;
  }, SAMPLES);

  const callId = new URL(pageA.url()).pathname.split('/').pop() ?? '';
  await pageB.evaluate((callId) => {
    const w = window as unknown as { __ws: WebSocket; __arrived: Map<string, number> };
    w.__arrived = new Map();
    w.__ws.addEventListener('message', (event: MessageEvent) => {
      const m = JSON.parse(String(event.data)) as {
        name?: string;
        data?: { callId?: string; candidate?: { usernameFragment?: string } };
      };
      const tag = m.data?.candidate?.usernameFragment;
      if (m.name === 'call.ice' && m.data?.callId === callId && tag)
        w.__arrived.set(tag, performance.timeOrigin + performance.now());
    });
  }, callId);
  const relay: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const tag = randomUUID().slice(0, 8);
    const sentAt = await pageA.evaluate(
      ({ callId, tag }) => {
        const ws = (window as unknown as { __ws: WebSocket }).__ws;
        const at = performance.timeOrigin + performance.now();
        // An end-of-candidates marker the peer connection ignores: only its arrival is timed.
        ws.send(
          JSON.stringify({
            type: 'call',
            signal: {
              kind: 'ice',
              callId,
              candidate: { candidate: '', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: tag },
            },
          }),
        );
        return at;
      },
      { callId, tag },
    );
    const arrived = await pageB.waitForFunction(
      (tag) =>
        (window as unknown as { __arrived: Map<string, number> }).__arrived.get(tag) ?? false,
      tag,
    );
    relay.push(((await arrived.jsonValue()) as number) - sentAt);
  }
  await pageA.getByRole('button', { name: 'End call' }).click();

  const base = percentile(roundTrips, 50);
  const line = (label: string, values: number[]) => {
    const p50 = percentile(values, 50);
    const p95 = percentile(values, 95);
    console.log(
      `${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95
        .toFixed(1)
        .padStart(7)} ms  (p50 ${(p50 / base).toFixed(1)}× the round trip)`,
    );
  };
  console.log(
    `calls: ${CALLS} audio calls, ${env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}, load ${loadavg()[0]?.toFixed(2)}`,
  );
  line('baseline: socket round trip (ping → pong)', roundTrips);
  line('relayed signal A → B (one way, ICE)', relay);
  line('connect after Accept (both connected)', afterAccept);
  line('call set-up (invite → both connected)', setup);
} finally {
  await browser.close();
  await stop(server.child);
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}
