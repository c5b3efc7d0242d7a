import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createVerifiedAccount, newAccount, type Account } from '../support/accounts';
import { expectPath, expectVisible } from '../support/expect';
import type { Journey, JourneyContext } from '../support/harness';
import { twoPeopleInAConversation } from '../support/chat';
import { signInThroughUi } from '../support/ui';

/**
 * Calls between two browser contexts with fake devices (issue #12). Run inside a loopback-only
 * network namespace (STACK.md, `npm run test:e2e:calls`) the pair is 127.0.0.1 ↔ 127.0.0.1;
 * outside one, the contexts find each other on this machine's own addresses (nothing leaves it:
 * no STUN or TURN server is configured).
 */

/** Keeps every RTCPeerConnection the page makes, so the journey can read its getStats(). */
function capturePeerConnections() {
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

interface Rtp {
  inBytes: number;
  outBytes: number;
  framesDecoded: number;
  state: string;
}

/** The call's RTP counters of one kind, as getStats() says. */
function rtp(page: Page, kind: 'audio' | 'video'): Promise<Rtp> {
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `probe` holds, polling; fails naming `what` with the last value seen. */
async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}; last ${JSON.stringify(last)}`);
    await pause(250);
    last = await probe();
  }
  return last;
}

async function phase(page: Page, expected: string, who: string) {
  await expectVisible(
    page.locator(`[data-testid="call-phase"][data-phase="${expected}"]`),
    `${who}: call ${expected}`,
  );
}

/** A browser whose person refused the microphone (the camera is still allowed). */
function refuseMicrophone() {
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (constraints?: MediaStreamConstraints) =>
    constraints?.audio
      ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      : original(constraints);
}

async function signedIn(
  ctx: JourneyContext,
  account: Account,
  path = '/app/dashboard',
  init?: () => void,
) {
  const page = await ctx.newPage();
  await page.addInitScript(capturePeerConnections);
  if (init) await page.addInitScript(init);
  await signInThroughUi(page, account);
  if (path !== '/app/dashboard') await page.goto(path);
  await expectVisible(
    page.locator('[data-testid="online-indicator"][data-realtime="open"]'),
    'realtime connected',
  );
  return page;
}

/** B answers from the incoming-call dialog, on whatever page B is. */
async function accept(page: Page, callerName: string) {
  const dialog = page.getByRole('dialog', { name: /Incoming (audio|video) call/ });
  await expectVisible(dialog.getByText(callerName, { exact: true }), 'caller name in the dialog');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expectPath(page, /^\/app\/calls\/room\/[0-9a-f-]{36}$/);
}

async function historyStatus(page: Page, expected: string[], who: string) {
  await page.goto('/app/calls/history');
  await expectVisible(page.getByRole('heading', { name: /Recent Calls/ }), `${who}: history`);
  await until(
    () => page.getByTestId('call-status').allInnerTexts(),
    (statuses) => JSON.stringify(statuses) === JSON.stringify(expected),
    `${who}: history statuses ${expected.join(', ')}`,
  );
  assert.equal(await page.getByTestId('recent-calls-count').innerText(), `(${expected.length})`);
}

export const callsJourneys: Journey[] = [
  {
    name: 'calls: an audio call from chat connects, audio flows both ways, mute stops it, end',
    async run(ctx) {
      const { a, b, pageA, pageB } = await twoPeopleInAConversation(ctx, 'call-audio');
      // getStats needs the capture script from the first page load: reload both with it.
      for (const page of [pageA, pageB]) {
        await page.addInitScript(capturePeerConnections);
        await page.reload();
        await expectVisible(
          page.locator('[data-testid="online-indicator"][data-realtime="open"]'),
          'realtime connected',
        );
      }
      await pageA.getByRole('link', { name: `Audio call ${b.fullName}` }).click();
      const dialogA = pageA.getByRole('dialog', { name: 'Start an audio call' });
      await dialogA.getByRole('button', { name: `Audio call ${b.fullName}` }).click();
      await expectPath(pageA, /^\/app\/calls\/room\/[0-9a-f-]{36}$/);
      await phase(pageA, 'ringing', 'A');
      await ctx.checkA11y(pageB, 'incoming call dialog');
      await accept(pageB, a.fullName);
      await phase(pageA, 'connected', 'A');
      await phase(pageB, 'connected', 'B');

      // Audio both ways: the inbound bytes grow on each side.
      const firstA = await until(
        () => rtp(pageA, 'audio'),
        (s) => s.inBytes > 0,
        'A receives',
      );
      const firstB = await until(
        () => rtp(pageB, 'audio'),
        (s) => s.inBytes > 0,
        'B receives',
      );
      await until(
        () => rtp(pageA, 'audio'),
        (s) => s.inBytes > firstA.inBytes,
        'A keeps receiving',
      );
      await until(
        () => rtp(pageB, 'audio'),
        (s) => s.inBytes > firstB.inBytes,
        'B keeps receiving',
      );
      await expectVisible(pageA.getByTestId('call-timer'), 'call timer');
      await ctx.checkA11y(pageA, 'in a call');

      // Mute: A sends no audio at all, so B's inbound audio stops growing.
      await pageA.getByRole('button', { name: 'Mute' }).click();
      await expectVisible(pageA.getByRole('button', { name: 'Unmute' }), 'unmute button');
      await pause(1_000);
      const mutedA = await rtp(pageA, 'audio');
      const mutedB = await rtp(pageB, 'audio');
      await pause(2_000);
      assert.equal((await rtp(pageA, 'audio')).outBytes, mutedA.outBytes, 'A sends nothing muted');
      assert.equal((await rtp(pageB, 'audio')).inBytes, mutedB.inBytes, 'B hears nothing');
      await pageA.getByRole('button', { name: 'Unmute' }).click();
      await until(
        () => rtp(pageB, 'audio'),
        (s) => s.inBytes > mutedB.inBytes,
        'B hears A again',
      );

      await pageB.getByRole('button', { name: 'End call' }).click();
      await phase(pageA, 'ended', 'A');
      await expectVisible(pageA.getByText(/Call ended after/), 'ended sentence on A');
      await historyStatus(pageA, ['Completed'], 'A');
      await historyStatus(pageB, ['Completed'], 'B');
    },
  },
  {
    name: 'calls: a video call from the calls page shows the remote video on both sides',
    async run(ctx) {
      const [a, b] = await Promise.all([
        createVerifiedAccount(ctx.baseUrl, newAccount('call-video-a')),
        createVerifiedAccount(ctx.baseUrl, newAccount('call-video-b')),
      ]);
      const pageA = await signedIn(ctx, a, '/app/calls');
      // B refused the microphone: B is told, and the call goes on with B's camera.
      const pageB = await signedIn(ctx, b, '/app/journal', refuseMicrophone);
      await expectPath(pageA, '/app/calls/history');
      await expectVisible(pageA.getByText('No calls yet'), 'empty history');
      await pageA.getByRole('button', { name: 'Start Video Call' }).click();
      await expectPath(pageA, '/app/calls/new/video');
      const dialog = pageA.getByRole('dialog', { name: 'Start a video call' });
      await dialog.getByLabel('Search people by name or email').fill(b.fullName.slice(0, 12));
      await dialog.getByRole('button', { name: `Video call ${b.fullName}` }).click();
      await accept(pageB, a.fullName);
      await phase(pageA, 'connected', 'A');
      await phase(pageB, 'connected', 'B');
      await expectVisible(
        pageB.getByText(/could not use your microphone/),
        'B is told the microphone was refused',
      );
      for (const [page, who] of [
        [pageA, 'A'],
        [pageB, 'B'],
      ] as const) {
        const first = await until(
          () => rtp(page, 'video'),
          (s) => s.framesDecoded > 0,
          `${who} decodes video`,
        );
        await until(
          () => rtp(page, 'video'),
          (s) => s.framesDecoded > first.framesDecoded + 10,
          `${who} keeps decoding video`,
        );
        const width = await page
          .getByLabel(/'s video$/)
          .evaluate((v) => (v as HTMLVideoElement).videoWidth);
        assert.ok(width > 0, `${who}'s remote video has frames (width ${width})`);
      }
      // A hears nothing from B (no microphone), while B hears A.
      await until(
        () => rtp(pageB, 'audio'),
        (s) => s.inBytes > 0,
        'B hears A',
      );
      assert.equal((await rtp(pageB, 'audio')).outBytes, 0, 'B sends no audio');
      assert.equal((await rtp(pageA, 'audio')).inBytes, 0, 'A receives no audio');
      // Camera off: A's outbound video stops.
      await pageA.getByRole('button', { name: 'Turn camera off' }).click();
      await pause(1_000);
      const off = await rtp(pageA, 'video');
      await pause(1_500);
      assert.equal((await rtp(pageA, 'video')).outBytes, off.outBytes, 'no video sent');
      await pageA.getByRole('button', { name: 'End call' }).click();
      await phase(pageB, 'ended', 'B');
      await historyStatus(pageB, ['Completed'], 'B');
    },
  },
  {
    name: 'calls: declined and unanswered calls land in history (declined, missed) with a notice',
    async run(ctx) {
      const [a, b] = await Promise.all([
        createVerifiedAccount(ctx.baseUrl, newAccount('call-miss-a')),
        createVerifiedAccount(ctx.baseUrl, newAccount('call-miss-b')),
      ]);
      const pageA = await signedIn(ctx, a, '/app/calls');
      const pageB = await signedIn(ctx, b);
      const placeAudio = async () => {
        await pageA.goto('/unified/calls?new=true');
        await expectPath(pageA, '/app/calls/history?new=true');
        const dialog = pageA.getByRole('dialog', { name: 'Start a call' });
        await dialog.getByLabel('Search people by name or email').fill(b.fullName);
        await dialog.getByRole('button', { name: `Audio call ${b.fullName}` }).click();
        await phase(pageA, 'ringing', 'A');
      };

      await placeAudio();
      const incoming = pageB.getByRole('dialog', { name: 'Incoming audio call' });
      await incoming.getByRole('button', { name: 'Decline' }).click();
      await phase(pageA, 'ended', 'A');
      await expectVisible(pageA.getByText(`${b.fullName} declined the call.`), 'declined on A');

      // Nobody answers: after 30 s the call is missed on both sides, B gets a notification.
      await placeAudio();
      await expectVisible(incoming, 'B sees the second call');
      await expectVisible(
        pageA.getByText(`${b.fullName} did not answer.`),
        'A: no answer after 30 s',
      ).catch(async () => {
        await pageA.getByText(`${b.fullName} did not answer.`).waitFor({ timeout: 35_000 });
      });
      await incoming.waitFor({ state: 'detached' });
      await expectVisible(
        pageB.getByRole('button', { name: /Notifications, \d+ unread/ }),
        'B is notified',
      );

      await historyStatus(pageA, ['No answer', 'Declined'], 'A');
      await historyStatus(pageB, ['Missed', 'Declined'], 'B');
      // Call back from history rings A.
      await pageB
        .getByRole('button', { name: `Call ${a.fullName} back` })
        .first()
        .click();
      await phase(pageB, 'ringing', 'B');
      await accept(pageA, b.fullName);
      await phase(pageB, 'connected', 'B');
      // Leaving the page: A is told B left and waits; nobody comes back, so A's side ends it.
      await pageB.goto('/app/dashboard');
      await expectVisible(
        pageA.getByText(`${b.fullName} left the call. Waiting for them to come back…`),
        'A: B left',
      );
      await pageA
        .locator('[data-testid="call-phase"][data-phase="ended"]')
        .waitFor({ timeout: 35_000 });
      await historyStatus(pageB, ['Completed', 'Missed', 'Declined'], 'B');
    },
  },
  {
    name: 'calls: a transcript both agree to records both sides, either can stop it, then View Transcript',
    async run(ctx) {
      const [a, b] = await Promise.all([
        createVerifiedAccount(ctx.baseUrl, newAccount('call-words-a')),
        createVerifiedAccount(ctx.baseUrl, newAccount('call-words-b')),
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

      // A asks; nothing records until B accepts.
      await pageA.getByRole('button', { name: 'Record transcript' }).click();
      await expectVisible(
        pageA.getByText(`Waiting for ${b.fullName} to agree to a transcript…`),
        'A waits for B',
      );
      const request = pageB.getByRole('alertdialog', { name: 'Transcript request' });
      await expectVisible(
        request.getByText(`${a.fullName} asks to record a transcript of this call.`),
        'B is asked',
      );
      await ctx.checkA11y(pageB, 'transcript request');
      assert.equal(await pageA.getByTestId('transcript-indicator').count(), 0, 'not yet');
      await request.getByRole('button', { name: 'Accept transcript' }).click();

      // Both see the indicator the whole time it records (a full piece and part of another).
      for (let i = 0; i < 6; i++) {
        await expectVisible(pageA.getByTestId('transcript-indicator'), 'A: recording');
        await expectVisible(pageB.getByTestId('transcript-indicator'), 'B: recording');
        await pause(2_000);
      }
      // Either can stop it: B does, and A is told.
      await pageB.getByRole('button', { name: 'Stop transcript' }).click();
      await expectVisible(
        pageA.getByText(`${b.fullName} stopped the transcript.`),
        'A: B stopped it',
      );
      await pageA.getByTestId('transcript-indicator').waitFor({ state: 'detached' });
      await pageB.getByTestId('transcript-indicator').waitFor({ state: 'detached' });
      await pageA.getByRole('button', { name: 'End call' }).click();
      await phase(pageB, 'ended', 'B');

      // Speaker-labelled lines from both people arrive (the embedded engine's words vary).
      for (const [page, who] of [
        [pageA, 'A'],
        [pageB, 'B'],
      ] as const) {
        await page.goto('/app/calls/history');
        await page.getByRole('button', { name: /^View Transcript/ }).click();
        const transcript = page.getByRole('dialog', { name: 'Transcript' });
        await until(
          async () => ({
            speakers: [
              ...new Set(await transcript.getByTestId('transcript-speaker').allInnerTexts()),
            ].sort(),
            pending: await transcript.getByText('Transcribing…').count(),
          }),
          (v) =>
            JSON.stringify(v.speakers) === JSON.stringify([a.fullName, b.fullName].sort()) &&
            v.pending === 0,
          `${who}: both speakers' lines transcribed`,
          180_000,
        );
        // Only one's own lines can be corrected.
        const own = await transcript
          .getByTestId('transcript-line')
          .filter({
            has: page
              .getByTestId('transcript-speaker')
              .getByText(who === 'A' ? a.fullName : b.fullName, { exact: true }),
          })
          .count();
        assert.equal(
          await transcript.getByRole('button', { name: 'Edit' }).count(),
          own,
          `${who}: edits own lines only`,
        );
        if (who === 'A') await ctx.checkA11y(page, 'transcript dialog');
      }
    },
  },
  {
    name: 'calls: reloading the room mid-call rejoins it; the other side sees reconnecting, then connected',
    async run(ctx) {
      const [a, b] = await Promise.all([
        createVerifiedAccount(ctx.baseUrl, newAccount('call-reload-a')),
        createVerifiedAccount(ctx.baseUrl, newAccount('call-reload-b')),
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

      // Each side reloads in turn: the callee (who offers), then the caller (who answers).
      for (const [reloading, other, who] of [
        [pageB, pageA, 'B'],
        [pageA, pageB, 'A'],
      ] as const) {
        const seen: string[] = [];
        await other.exposeFunction(`phaseSeen${who}`, (p: string) => seen.push(p));
        await other.evaluate((name) => {
          const target = document.querySelector('[data-testid="call-phase"]');
          const report = (window as unknown as Record<string, (p: string) => void>)[name];
          if (!target || !report) return;
          new MutationObserver(() => report(target.getAttribute('data-phase') ?? '')).observe(
            target,
            { attributes: true },
          );
        }, `phaseSeen${who}`);
        await reloading.reload();
        await phase(reloading, 'connected', `${who} after reloading`);
        await phase(other, 'connected', `the other side of ${who}`);
        assert.ok(seen.includes('reconnecting'), `the other side saw reconnecting: ${seen.join()}`);
        // Audio flows again on the new connection.
        const first = await until(
          () => rtp(reloading, 'audio'),
          (s) => s.inBytes > 0,
          `${who} hears again`,
        );
        await until(
          () => rtp(reloading, 'audio'),
          (s) => s.inBytes > first.inBytes,
          `${who} keeps hearing`,
        );
        const back = await rtp(other, 'audio');
        await until(
          () => rtp(other, 'audio'),
          (s) => s.inBytes > back.inBytes && s.state === 'connected',
          `the other side of ${who} hears again`,
        );
      }
      await pageA.getByRole('button', { name: 'End call' }).click();
      await phase(pageB, 'ended', 'B');
      await historyStatus(pageA, ['Completed'], 'A');
    },
  },
];
