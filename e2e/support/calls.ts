import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, makeFindable, newAccount, type Account } from './accounts';
import { expectPath, expectVisible } from './expect';
import type { JourneyContext } from './harness';
import { signIn } from './ui';

// What the call journeys share (e2e/journeys/calls.journeys.ts, call-room.journeys.ts).

/** Keeps every RTCPeerConnection the page makes, so the journey can read its getStats(). */
export function capturePeerConnections() {
  const w = window as unknown as { __pcs: RTCPeerConnection[] };
  w.__pcs = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      w.__pcs.push(this);
    }
  };
}

export interface Rtp {
  inBytes: number;
  outBytes: number;
  framesDecoded: number;
  state: string;
}

/** The call's RTP counters of one kind, as getStats() says. */
export function rtp(page: Page, kind: 'audio' | 'video'): Promise<Rtp> {
  return page.evaluate(async (kind) => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs.at(-1);
    if (!pc) return { inBytes: 0, outBytes: 0, framesDecoded: 0, state: 'none' };
    const stats = await pc.getStats();
    let inBytes = 0;
    let outBytes = 0;
    let framesDecoded = 0;
    stats.forEach((s: { type: string; kind?: string } & Record<string, unknown>) => {
      if (s.kind !== kind) return;
      if (s.type === 'inbound-rtp') {
        inBytes += Number(s.bytesReceived ?? 0);
        framesDecoded += Number(s.framesDecoded ?? 0);
      }
      if (s.type === 'outbound-rtp') outBytes += Number(s.bytesSent ?? 0);
    });
    return { inBytes, outBytes, framesDecoded, state: pc.connectionState };
  }, kind);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `probe` holds, polling; fails naming `what` with the last value seen. */
export async function until<T>(
  probe: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}; last ${JSON.stringify(last)}`);
    await pause(250);
    last = await probe();
  }
  return last;
}

export async function phase(page: Page, expected: string, who: string) {
  await expectVisible(
    page.locator(`[data-testid="call-phase"][data-phase="${expected}"]`),
    `${who}: call ${expected}`,
  );
}

/** A browser whose person refused the microphone (the camera is still allowed). */
export function refuseMicrophone() {
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (constraints?: MediaStreamConstraints) =>
    constraints?.audio
      ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      : original(constraints);
}

export async function signedIn(
  ctx: JourneyContext,
  account: Account,
  path = '/app/dashboard',
  init?: () => void,
) {
  const page = await ctx.newPage();
  await page.addInitScript(capturePeerConnections);
  if (init) await page.addInitScript(init);
  await signIn(page, account);
  if (path !== '/app/dashboard') await page.goto(path);
  await expectVisible(
    page.locator('[data-testid="online-indicator"][data-realtime="open"]'),
    'realtime connected',
  );
  return page;
}

/** B answers from the incoming-call dialog, on whatever page B is. */
export async function accept(page: Page, callerName: string) {
  const dialog = page.getByRole('dialog', { name: /Incoming (audio|video) call/ });
  await expectVisible(dialog.getByText(callerName, { exact: true }), 'caller name in the dialog');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expectPath(page, /^\/app\/calls\/room\/[0-9a-f-]{36}$/);
}

export async function historyStatus(page: Page, expected: string[], who: string) {
  await page.goto('/app/calls/history');
  await expectVisible(page.getByRole('heading', { name: /Recent Calls/ }), `${who}: history`);
  await until(
    () => page.getByTestId('call-status').allInnerTexts(),
    (statuses) => JSON.stringify(statuses) === JSON.stringify(expected),
    `${who}: history statuses ${expected.join(', ')}`,
  );
  assert.equal(await page.getByTestId('recent-calls-count').innerText(), `(${expected.length})`);
}

/** A signs in on the calls page and audio-calls B from it; B accepts; both rooms connected. */
export async function connectedAudioCall(ctx: JourneyContext, prefix: string) {
  const [a, b] = await Promise.all([
    createVerifiedAccount(ctx.baseUrl, newAccount(`${prefix}-a`)),
    createVerifiedAccount(ctx.baseUrl, newAccount(`${prefix}-b`)).then((b) =>
      makeFindable(ctx.baseUrl, b),
    ),
  ]);
  const pageA = await signedIn(ctx, a, '/app/calls');
  const pageB = await signedIn(ctx, b);
  await pageA.getByRole('button', { name: 'Start Audio Call' }).click();
  const dialog = pageA.getByRole('dialog', { name: 'Start an audio call' });
  await dialog.getByLabel('Search people by name or email').fill(b.fullName);
  await dialog.getByRole('button', { name: `Audio call ${b.fullName}` }).click();
  await accept(pageB, a.fullName);
  await phase(pageA, 'connected', 'A');
  await phase(pageB, 'connected', 'B');
  return { a, b, pageA, pageB };
}
