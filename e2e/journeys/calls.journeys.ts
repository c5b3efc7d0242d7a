import assert from 'node:assert/strict';
import { createVerifiedAccount, makeFindable, newAccount } from '../support/accounts';
import { expectPath, expectVisible } from '../support/expect';
import type { Journey, JourneyContext } from '../support/harness';
import { setInstanceFeatures } from '../support/instance-features';
import { roleAccount } from '../support/roles';
import { twoPeopleInAConversation } from '../support/chat';
import {
  accept,
  capturePeerConnections,
  historyStatus,
  pause,
  phase,
  refuseMicrophone,
  rtp,
  signedIn,
  until,
} from '../support/calls';

/**
 * Calls between two browser contexts with fake devices (issue #12). Run inside a loopback-only
 * network namespace (STACK.md, `npm run test:e2e:calls`) the pair is 127.0.0.1 ↔ 127.0.0.1;
 * outside one, the contexts find each other on this machine's own addresses (nothing leaves it:
 * no STUN or TURN server is configured).
 */

/** A video call from the calls page: A's camera and microphone, B's camera only. */
async function videoCall(ctx: JourneyContext): Promise<void> {
  const [a, b] = await Promise.all([
    createVerifiedAccount(ctx.baseUrl, newAccount('call-video-a')),
    createVerifiedAccount(ctx.baseUrl, newAccount('call-video-b')).then((b) =>
      makeFindable(ctx.baseUrl, b),
    ),
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
}

export const callsJourneys: Journey[] = [
  {
    name: 'calls: an audio call from chat connects, audio flows both ways, mute stops it, end',
    // Live media between two pages (and recognition, for transcripts): it needs the machine.
    alone: true,
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
    // Live media between two pages: it needs the machine. Alone too because it turns the
    // instance's video input on (off by default, SPEC §9), as the admin would.
    alone: true,
    holds: ['admin'],
    unavailableBecause: () =>
      Promise.resolve(roleAccount('admin') ? null : 'no admin account: CLI user:create failed'),
    async run(ctx) {
      await setInstanceFeatures(ctx, { video_input: true });
      try {
        await videoCall(ctx);
      } finally {
        await setInstanceFeatures(ctx, { video_input: false });
      }
    },
  },
  {
    name: 'calls: declined and unanswered calls land in history (declined, missed) with a notice',
    async run(ctx) {
      const [a, b] = await Promise.all([
        createVerifiedAccount(ctx.baseUrl, newAccount('call-miss-a')),
        createVerifiedAccount(ctx.baseUrl, newAccount('call-miss-b')).then((b) =>
          makeFindable(ctx.baseUrl, b),
        ),
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
];
